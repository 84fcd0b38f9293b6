/** @jest-environment node */
// Administrator phrases match case- and accent-insensitively, as whole words.
import { foldText } from "@/lib/insights/fold-text";
import { compilePhraseMatcher } from "@/lib/insights/phrase-matcher";

describe("foldText", () => {
  it.each([
    ["Sorry, I didn’t get that. Please try again", "sorry i didnt get that please try again"],
    ["  SPEAK\tto a\n\nPERSON!! ", "speak to a person"],
    ["Désolé, je n'ai pas compris", "desole je nai pas compris"],
    ["Größe über Ärger", "große uber arger"],
    ["ｆｕｌｌｗｉｄｔｈ ＡＧＥＮＴ", "fullwidth agent"],
    ["ﬁnd a human", "find a human"],
    ["担当者と話したい！", "担当者と話したい"],
    ["ガイド", "ガイド"],
    ["…", ""],
  ])("%j → %j", (text, expected) => {
    expect(foldText(text)).toBe(expected);
  });
});

describe("compilePhraseMatcher", () => {
  const matcher = compilePhraseMatcher(["agent", "Speak to a person", "sorry, I didn't get that", "担当者", "l'agent"]);
  const matches = (...texts: string[]) => matcher.matchesAny(texts);

  it.each([
    ["a phrase alone", "agent", true],
    ["a phrase among words", "I want an agent please", true],
    ["at the end, with punctuation", "Get me an AGENT!", true],
    ["in another case and with an accent", "un Agént s'il vous plaît", true],
    ["a multi-word phrase across other spacing and punctuation", "I need to speak   to a... person", true],
    ["a phrase with an apostrophe, written with a curly one", "Sorry, I didn’t get that.", true],
    ["a phrase with an apostrophe, written without", "sorry i didnt get that", true],
    ["a French elision is one word: l'agent", "parler à l’agent", true],
    ["inside another word", "I need a reagent", false],
    ["as the start of a longer word", "agents and agencies", false],
    ["split by a letter", "speak to a personal trainer", false],
    ["a multi-word phrase with a word missing", "speak to person", false],
    ["a phrase of a script without spaces, inside a sentence", "担当者と話したいです", true],
    ["no phrase", "where is my order", false],
    ["an empty text", "", false],
  ])("%s: %j → %s", (_case, text, expected) => {
    expect(matches(text)).toBe(expected);
  });

  it("finds a phrase in any of several texts, never across two", () => {
    expect(matches("where is my order", "can I get an agent")).toBe(true);
    expect(matches("I want to speak to a", "person who knows")).toBe(false);
  });

  it("keeps each folded phrase once, in the order given", () => {
    expect(compilePhraseMatcher(["Agent", "agent", "AGÉNT", "  ", "!!", "real human"]).phrases).toEqual(["agent", "real human"]);
  });

  it("matches nothing without phrases", () => {
    expect(compilePhraseMatcher([]).matchesAny(["agent"])).toBe(false);
    expect(compilePhraseMatcher(["..."]).matchesAny(["..."])).toBe(false);
  });

  it("treats the phrases' own characters literally", () => {
    const literal = compilePhraseMatcher(["a.b", "c+", "(d)"]);
    expect(literal.phrases).toEqual(["a b", "c", "d"]);
    expect(literal.matchesAny(["axb"])).toBe(false);
    expect(literal.matchesAny(["a-b"])).toBe(true);
  });
});
