import { ErasureMatcher, normalizeErasureQuery } from "@/lib/privacy/erasure";

function matcher(kind: "email" | "phone", value: string): ErasureMatcher {
  const normalized = normalizeErasureQuery(kind, value);
  if (!normalized.ok) throw new Error(normalized.message);
  return new ErasureMatcher(normalized.query);
}

describe("erasure matching", () => {
  it("matches e-mail addresses case-insensitively and only whole addresses", () => {
    const byEmail = matcher("email", "Jane.Doe@Example.com");
    expect(byEmail.matchesText("reach me at jane.doe@example.COM")).toBe(true);
    expect(byEmail.matchesText("xjane.doe@example.community")).toBe(false);
  });

  it("matches a phone number in national and international forms", () => {
    const byPhone = matcher("phone", "+49 151 23456789");
    expect(byPhone.matchesText("call 0151 23456789")).toBe(true);
    expect(byPhone.matchesText("call +49 (151) 234-567-89")).toBe(true);
    expect(byPhone.matchesText("call 0151 23456788")).toBe(false);
  });

  it("reads records and JSON held in strings", () => {
    const byEmail = matcher("email", "jane@example.com");
    expect(byEmail.matchesRecord({ trace: [{ payload: JSON.stringify({ email: "jane@example.com" }) }] })).toBe(true);
    expect(byEmail.matchesRecord({ trace: [{ payload: "[EMAIL]" }] })).toBe(false);
  });

  it("rejects what is not one address or number", () => {
    expect(normalizeErasureQuery("email", "not an address").ok).toBe(false);
    expect(normalizeErasureQuery("phone", "12").ok).toBe(false);
  });
});
