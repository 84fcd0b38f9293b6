import { customPatternNameProblem } from "@/lib/privacy/custom-pattern-rules";
import { compilePattern, MATCH_VIEW, type LinearPattern } from "@/lib/privacy/pattern-engine";
import { privacySettingsRequestSchema, privacySettingsSchema } from "@/lib/schemas/privacy";

function compiled(source: string): LinearPattern {
  const result = compilePattern(source);
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
}

/** The matches as JavaScript's own engine finds them (the patterns here cannot backtrack for long). */
function nativeMatches(source: string, text: string) {
  return [...text.matchAll(new RegExp(source, "gu"))].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

describe("compilePattern", () => {
  it.each([
    "ORD-\\d{6}",
    "[A-Z]{2}\\d{7}",
    "(\\d{1,3}\\.){3}\\d{1,3}",
    "customer-\\w+",
    "\\bEMP\\d{4}\\b",
    "(?<ticket>TCK)-\\d+",
    "caf\\u00e9 \\d+",
    // The issue's patterns: each runs in linear time on this engine, so each is accepted.
    "ID:([A-Z]|[A-Z0-9])+-\\d",
    "x(a|a)*y",
    "REF-(\\d|\\d\\d)+Z",
    "[a-z]+@corp",
    "\\d+x",
    "(a+)+$",
    // A literal "(" that may be missing, then "=": no look-ahead.
    "\\(?=\\d",
    "[(?=]x",
  ])("accepts %j", (pattern) => {
    expect(compilePattern(pattern).ok).toBe(true);
  });

  it.each([
    ["ORD(?=-\\d)", "Patterns cannot use look-ahead (?=...)"],
    ["ORD(?!X)", "Patterns cannot use negative look-ahead (?!...)"],
    ["(?<=ID:)\\d+", "Patterns cannot use look-behind (?<=...) or (?<!...)"],
    ["(?<!x)\\d+", "Patterns cannot use look-behind (?<=...) or (?<!...)"],
    ["(a)\\1", "Patterns cannot use back-references (\\1 or \\k<name>)"],
    ["(?<n>a)\\k<n>", "Patterns cannot use back-references (\\1 or \\k<name>)"],
    ["(unclosed", "A group opened with ( is not closed with )"],
    ["[a-z", "A character class opened with [ is not closed with ]"],
    ["a{1001}", "A repeat count {n} or {n,m} can be at most 1000"],
    ["*a", "A *, +, ? or {n} has nothing before it to repeat at *"],
    ["x*", "Patterns must not match an empty text (as x* or ^ do): each match must hold at least one character"],
    ["\\b", "Patterns must not match an empty text (as x* or ^ do): each match must hold at least one character"],
    ["x".repeat(201), "Patterns can be at most 200 characters long"],
    ["", "Enter a regular expression"],
  ])("refuses %j: %s", (pattern, message) => {
    expect(compilePattern(pattern)).toEqual({ ok: false, message });
  });

  it.each([
    ["ORDER", null],
    ["order_id2", null],
    ["email", /built-in/],
    ["1st", /start with a letter/],
    ["has space", /start with a letter/],
  ])("name %j", (name, problem) => {
    if (problem === null) expect(customPatternNameProblem(name)).toBeNull();
    else expect(customPatternNameProblem(name)).toMatch(problem);
  });
});

describe("LinearPattern.matches", () => {
  const texts = [
    "ORD-123456 and ORD-654321, not ORD-12345",
    "EMP1234 EMP12345 xEMP1234 EMP1234.",
    "ticket TCK-77 then TCK-8",
    `${"filler ".repeat(60)}ORD-111111${" and more".repeat(40)}ORD-222222`,
    "ORD-123456".repeat(50),
    "😀 EMP1234 😀",
  ];

  it.each(["ORD-\\d{6}", "\\bEMP\\d{4}\\b", "TCK-\\d+", "[A-Z]{3}-\\d+"])("finds what JavaScript's engine finds for %j", (source) => {
    const pattern = compiled(source);
    for (const text of texts) expect(pattern.matches(text)).toEqual(nativeMatches(source, text));
  });

  it("judges ^ and \\b at a window's start as in the whole text", () => {
    const text = `${"a".repeat(3 * MATCH_VIEW)}EMP1234 ${"b".repeat(3 * MATCH_VIEW)}`;
    expect(compiled("\\bEMP\\d{4}").matches(text)).toEqual([]);
    expect(compiled("^a").matches(text)).toEqual([{ start: 0, end: 1 }]);
  });

  it("redacts a stretch longer than its view in pieces that cover it", () => {
    const text = `x ${"A".repeat(10 * MATCH_VIEW)} y`;
    const spans = compiled("[A-Z]+").matches(text);
    expect(spans[0].start).toBe(2);
    expect(spans.at(-1)!.end).toBe(text.length - 2);
    spans.slice(1).forEach((span, index) => expect(span.start).toBe(spans[index].end));
  });

  it.each([
    ["ID:([A-Z]|[A-Z0-9])+-\\d", `my ID:${"A".repeat(32)}`],
    ["x(a|a)*y", `x${"a".repeat(120_000)}`],
    ["REF-(\\d|\\d\\d)+Z", `REF-${"1".repeat(120_000)}`],
    ["[a-z]+@corp", "a".repeat(120_000)],
    ["\\d+x", "1".repeat(120_000)],
  ])("finds no match of %j in a hostile text that holds none", (source, text) => {
    expect(compiled(source).matches(text)).toEqual([]);
  });

  it.each(["\\d(\\d*x)?", "(\\d+-)?\\d{4}"])(
    "fails closed on %j, whose every match is settled only at the end of a long run: the whole run is redacted",
    (source) => {
      const text = `start ${"1".repeat(120_000)} end`;
      const spans = compiled(source).matches(text);
      expect(spans[0].start).toBe(6);
      // Matches follow each other up to where the work allowed runs out; the rest is one span.
      spans.slice(1).forEach((span, index) => expect(span.start).toBe(spans[index].end));
      expect(spans.at(-1)!.end).toBe(text.length);
      expect(spans.length).toBeLessThan(120_000 / 4);
    },
  );
});

describe("privacySettingsSchema", () => {
  const base = { redact: { email: true, phone: true, card: true, iban: true, ip: true }, customPatterns: [], retentionDays: null };

  it("upper-cases names and rejects duplicates", () => {
    expect(privacySettingsSchema.parse({ ...base, customPatterns: [{ name: "order", pattern: "ORD-\\d+" }] }).customPatterns[0].name).toBe(
      "ORDER",
    );
    const duplicate = privacySettingsSchema.safeParse({
      ...base,
      customPatterns: [
        { name: "order", pattern: "a\\d" },
        { name: "ORDER", pattern: "b\\d" },
      ],
    });
    expect(duplicate.success).toBe(false);
  });

  it.each([0, -1, 1.5, 3651])("rejects retentionDays %p", (retentionDays) => {
    expect(privacySettingsSchema.safeParse({ ...base, retentionDays }).success).toBe(false);
  });

  it.each([
    [
      {
        ...base,
        customPatterns: [
          { name: "ok", pattern: "a" },
          { name: "1st", pattern: "b" },
        ],
      },
      /^Pattern 2: Names must start with a letter/,
    ],
    [{ ...base, customPatterns: [{ name: "ok" }] }, /^Pattern 1: Enter a regular expression$/],
    [{ ...base, customPatterns: ["ORD-\\d+"] }, /^Pattern 1: Give each custom pattern a name and a regular expression$/],
    [{ ...base, retentionDays: 0 }, /^Retention must be at least 1 day$/],
    [{ ...base, redact: { ...base.redact, email: "yes" } }, /^Redaction of e-mail addresses must be turned on or off/],
  ])("refuses %j in plain words, naming no field", (body, message) => {
    const result = privacySettingsRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0].path).toEqual([]);
    expect(result.error!.issues[0].message).toMatch(message);
    expect(result.error!.issues[0].message).not.toMatch(/customPatterns|retentionDays|redact\./);
  });
});
