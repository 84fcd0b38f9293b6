/** @jest-environment node */
import { distinctWordsOf, MAX_LISTED_WORD_LENGTH, queryWords, wordsOf } from "@/lib/transcripts/search-words";

describe("words of a search text", () => {
  it("splits at every ASCII character that is neither a letter nor a digit", () => {
    expect(wordsOf("order nw-12 shipped!\nsee https://shop.example/a_b?x=1").words).toEqual(["order", "nw", "12", "shipped", "see", "https", "shop", "example", "a", "b", "x", "1"]);
  });

  it("keeps non-ASCII characters inside words, punctuation included", () => {
    expect(wordsOf("größe «grün» 日本語…ok").words).toEqual(["größe", "«grün»", "日本語…ok"]);
  });

  it("lists each word once", () => {
    expect(wordsOf("a b a b a").words).toEqual(["a", "b"]);
  });

  it("has no words in empty or separator-only text", () => {
    expect(wordsOf("")).toEqual({ words: [], longWords: [] });
    expect(wordsOf(" -- ?! ")).toEqual({ words: [], longWords: [] });
  });

  it("sets apart, once each, the words over the listed length", () => {
    const atLimit = "x".repeat(MAX_LISTED_WORD_LENGTH);
    expect(wordsOf(`${atLimit} y`)).toEqual({ words: [atLimit, "y"], longWords: [] });
    expect(wordsOf(`${atLimit}x y ${atLimit}x`)).toEqual({ words: ["y"], longWords: [`${atLimit}x`] });
  });

  it("measures a word's length in characters, not UTF-16 units", () => {
    const emoji = "😀".repeat(MAX_LISTED_WORD_LENGTH);
    expect(wordsOf(emoji)).toEqual({ words: [emoji], longWords: [] });
    expect(wordsOf(`${emoji}😀`).longWords).toEqual([`${emoji}😀`]);
  });
});

describe("distinct words of many texts", () => {
  it("lists every word of every text once, long words included", () => {
    const long = "x".repeat(MAX_LISTED_WORD_LENGTH + 1);
    const texts = ["order nw-12 shipped", `shipped ${long} größe`, "", " -- ", "order again"];
    const expected = new Set(texts.flatMap((text) => [...wordsOf(text).words, ...wordsOf(text).longWords]));
    expect(distinctWordsOf(texts).sort()).toEqual([...expected].sort());
    expect(distinctWordsOf([])).toEqual([]);
  });
});

describe("words of a query", () => {
  it("is one unanchored word when the query has no separator", () => {
    expect(queryWords("refund")).toEqual([{ word: "refund", anchoredStart: false, anchoredEnd: false }]);
  });

  it("anchors each word at the separators beside it", () => {
    expect(queryWords("er nw-12")).toEqual([
      { word: "er", anchoredStart: false, anchoredEnd: true },
      { word: "nw", anchoredStart: true, anchoredEnd: true },
      { word: "12", anchoredStart: true, anchoredEnd: false },
    ]);
  });

  it("anchors a word that a separator ends or starts the query beside", () => {
    expect(queryWords("-123456?")).toEqual([{ word: "123456", anchoredStart: true, anchoredEnd: true }]);
    expect(queryWords("order ")).toEqual([{ word: "order", anchoredStart: false, anchoredEnd: true }]);
    expect(queryWords(" order")).toEqual([{ word: "order", anchoredStart: true, anchoredEnd: false }]);
  });

  it("has no words when the query is only separators", () => {
    expect(queryWords("?!-")).toEqual([]);
  });
});
