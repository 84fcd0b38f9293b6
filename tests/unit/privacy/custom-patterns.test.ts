import { customPatternNameProblem, customPatternProblem } from "@/lib/privacy/custom-pattern-rules";
import { validateCustomPattern } from "@/lib/privacy/pattern-timing";
import { privacySettingsSchema } from "@/lib/schemas/privacy";

describe("custom pattern rules", () => {
  it.each(["ORD-\\d{6}", "[A-Z]{2}\\d{7}", "(\\d{1,3}\\.){3}\\d{1,3}", "customer-\\w+"])("accepts %j", (pattern) => {
    expect(customPatternProblem(pattern)).toBeNull();
  });

  it.each([
    ["(a+)+$", /exponential/],
    ["(\\w*)*x", /exponential/],
    ["a*", /empty string/],
    ["(unclosed", /not a valid regular expression/],
    ["x".repeat(201), /at most 200/],
    ["", /required/],
  ])("rejects %j", (pattern, message) => {
    expect(customPatternProblem(pattern)).toMatch(message);
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

describe("validateCustomPattern", () => {
  it("accepts a linear pattern", async () => {
    await expect(validateCustomPattern("ORDER", "ORD-\\d{6}")).resolves.toEqual({ ok: true });
  });

  it("rejects a pattern that backtracks for too long on adversarial texts", async () => {
    // Quadratic-or-worse without nested quantifiers: passes the static rules, fails the timing.
    const pattern = "(?:a|a)*(?:a|a)*(?:a|a)*b";
    const result = await validateCustomPattern("SLOW", pattern, { timeLimitMs: 20, testTextLength: 3_000 });
    expect(result.ok).toBe(false);
  });
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
});
