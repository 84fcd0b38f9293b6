/** @jest-environment node */
// The contract of the insight settings, their defaults, and their compiled form.
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { INSIGHT_PHRASE_MAX_LENGTH, INSIGHT_PHRASES_MAX_COUNT, insightSettingsSchema } from "@/lib/schemas/insights";

const parse = (input: unknown) => insightSettingsSchema.safeParse(input);
const firstMessage = (input: unknown) => parse(input).error?.issues[0]?.message;

describe("insightSettingsSchema", () => {
  it("accepts the defaults unchanged", () => {
    expect(parse(DEFAULT_INSIGHT_SETTINGS)).toEqual({ success: true, data: DEFAULT_INSIGHT_SETTINGS });
  });

  it("trims phrases and keeps each once, the first of those that match alike", () => {
    expect(parse({ fallbackPhrases: ["  I didn't get that ", "i didn’t GET that!", "Désolé", "desole"], handoffPhrases: [] }).data).toEqual(
      {
        fallbackPhrases: ["I didn't get that", "Désolé"],
        handoffPhrases: [],
        platformRules: DEFAULT_INSIGHT_SETTINGS.platformRules,
      },
    );
  });

  it.each([
    ["a missing list", { fallbackPhrases: [] }, "Handoff phrases must be a list of phrases"],
    ["a list that is not one", { fallbackPhrases: "agent", handoffPhrases: [] }, "Fallback phrases must be a list of phrases"],
    ["a phrase that is not text", { fallbackPhrases: [], handoffPhrases: [3] }, "Handoff phrases must be text"],
    ["a blank phrase", { fallbackPhrases: ["   "], handoffPhrases: [] }, "Fallback phrases cannot be blank"],
    ["a phrase of punctuation", { fallbackPhrases: [], handoffPhrases: ["?!"] }, "Handoff phrases must contain a letter or digit"],
    [
      "a phrase too long",
      { fallbackPhrases: ["a".repeat(INSIGHT_PHRASE_MAX_LENGTH + 1)], handoffPhrases: [] },
      `Fallback phrases must be at most ${INSIGHT_PHRASE_MAX_LENGTH} characters each`,
    ],
    [
      "too many phrases",
      { fallbackPhrases: [], handoffPhrases: Array.from({ length: INSIGHT_PHRASES_MAX_COUNT + 1 }, (_, i) => `phrase ${i}`) },
      `Handoff phrases can hold at most ${INSIGHT_PHRASES_MAX_COUNT} phrases`,
    ],
  ])("refuses %s", (_case, input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it("refuses unknown fields", () => {
    expect(parse({ ...DEFAULT_INSIGHT_SETTINGS, extra: true }).success).toBe(false);
  });

  it(`accepts ${INSIGHT_PHRASES_MAX_COUNT} phrases of ${INSIGHT_PHRASE_MAX_LENGTH} characters`, () => {
    const phrases = Array.from(
      { length: INSIGHT_PHRASES_MAX_COUNT },
      (_, i) => `${i} ${"x".repeat(INSIGHT_PHRASE_MAX_LENGTH - String(i).length - 1)}`,
    );
    expect(parse({ fallbackPhrases: phrases, handoffPhrases: phrases }).data?.fallbackPhrases).toHaveLength(INSIGHT_PHRASES_MAX_COUNT);
  });
});

describe("compileSignalRules", () => {
  it("compiles the defaults' phrases", () => {
    const rules = compileSignalRules(DEFAULT_INSIGHT_SETTINGS);
    expect(rules.fallback.phrases).toContain("sorry i didnt get that");
    expect(rules.handoff.phrases).toContain("agent");
  });

  it("fingerprints the lists as they match: not their case, accents, punctuation or order", () => {
    const { fingerprint } = compileSignalRules({ fallbackPhrases: ["I didn't get that", "désolé"], handoffPhrases: ["agent"] });
    expect(fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(compileSignalRules({ fallbackPhrases: ["DESOLE", "i didn’t get that!"], handoffPhrases: ["Agent"] }).fingerprint).toBe(
      fingerprint,
    );
    expect(compileSignalRules({ fallbackPhrases: ["I didn't get that", "désolé"], handoffPhrases: ["agents"] }).fingerprint).not.toBe(
      fingerprint,
    );
    expect(compileSignalRules({ fallbackPhrases: ["agent"], handoffPhrases: ["I didn't get that", "désolé"] }).fingerprint).not.toBe(
      fingerprint,
    );
  });
});

it("takes the platform rules' switches, a rule not named on, and refuses unknown rules", () => {
  expect(parse({ fallbackPhrases: [], handoffPhrases: [], platformRules: { noMatchPath: false } }).data?.platformRules).toEqual({
    ...DEFAULT_INSIGHT_SETTINGS.platformRules,
    noMatchPath: false,
  });
  expect(parse({ fallbackPhrases: [], handoffPhrases: [], platformRules: { noneIsFallback: true } }).success).toBe(false);
});
