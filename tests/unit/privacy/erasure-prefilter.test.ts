import { ErasureMatcher, normalizeErasureQuery, type ErasureKind } from "@/lib/privacy/erasure";
import { erasurePrefilter, type ErasurePrefilter } from "@/lib/privacy/erasure-prefilter";

// The prefilter must pass every record the matcher matches, however the record's JSON text writes
// it. `passes` is the prefilter's definition, as the store's SQL implements it on both databases
// (lib/server/store/deletion-targets.ts): ASCII case folded only, the digits in order with only
// joiners between them, or any of orHolds.
function passes(prefilter: ErasurePrefilter, jsonText: string): boolean {
  if (prefilter.orHolds.some((text) => jsonText.includes(text))) return true;
  if (prefilter.kind === "text") return jsonText.replace(/[A-Z]/g, (letter) => letter.toLowerCase()).includes(prefilter.text);
  const joiner = `[${prefilter.joiners.replace(/[\]\\^-]/g, "\\$&")}]*`;
  return new RegExp([...prefilter.digits].join(joiner)).test(jsonText);
}

function query(kind: ErasureKind, value: string) {
  const normalized = normalizeErasureQuery(kind, value);
  if (!normalized.ok) throw new Error(normalized.message);
  return normalized.query;
}

/** The ways a record's JSON text may hold a string: plainly, as JSON in a string, with '/' and ASCII escaped. */
function jsonTextsHolding(text: string): string[] {
  const plain = JSON.stringify({ dialog: [{ payload: { message: `note: ${text}.` } }] });
  const nested = JSON.stringify({ trace: { payload: JSON.stringify({ data: { contact: text } }) } });
  return [
    plain,
    nested,
    plain.replace(/\//g, "\\/"),
    nested.replace(/\//g, "\\/"),
    plain.replace(/[@0-9]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`),
  ];
}

const PHONE_WRITINGS = [
  "+49 151 23456789",
  "0151 23456789",
  "0151-234 567 89",
  "0151/23456789",
  "+49 (0)151 2345-6789",
  "+49(0)151.2345.6789",
  "0049 151 23456789",
  "(0151) 2345 6789",
  "+49 151 - 234 567 89",
  "+44 (0)20 7946 0958",
  "020 7946 0958",
  "+1 (555) 123-4567",
  "555-123-4567",
  "1-555-123-4567",
  "042079460958",
];

describe("the erasure prefilter", () => {
  it("passes every text the matcher matches, for every way of writing a phone number", () => {
    let matches = 0;
    for (const queried of PHONE_WRITINGS) {
      const erasure = query("phone", queried);
      const prefilter = erasurePrefilter(erasure);
      const matcher = new ErasureMatcher(erasure);
      for (const written of PHONE_WRITINGS) {
        for (const jsonText of jsonTextsHolding(written)) {
          if (!matcher.matchesRecord(JSON.parse(jsonText))) continue;
          matches += 1;
          expect({ queried, jsonText, passes: passes(prefilter, jsonText) }).toEqual({ queried, jsonText, passes: true });
        }
      }
    }
    expect(matches).toBeGreaterThan(100);
  });

  it("passes every text holding the address in any case, and words around non-ASCII letters", () => {
    const writings = ["Jane.Doe@Example.com", "JANE.DOE@EXAMPLE.COM", "jane.doe@example.com"];
    for (const queried of writings) {
      const erasure = query("email", queried);
      const prefilter = erasurePrefilter(erasure);
      for (const written of writings) for (const jsonText of jsonTextsHolding(written)) expect(passes(prefilter, jsonText)).toBe(true);
    }
    const accented = erasurePrefilter(query("email", "Jürgen.Müller@Exämple.de"));
    expect(accented).toMatchObject({ kind: "text", text: "ller@ex" });
    // "İ" lower-cases to "i" and a combining dot: that "i" may stand for "İ" in the text.
    const dotted = erasurePrefilter(query("email", "abcdefgh\u0130@x.de"));
    expect(dotted).toMatchObject({ text: "abcdefgh" });
    expect(passes(dotted, JSON.stringify({ message: "ABCDEFGH\u0130@X.DE" }))).toBe(true);
  });

  it("lets most texts through only when they hold the needle", () => {
    const prefilter = erasurePrefilter(query("phone", "+49 151 23456789"));
    // International: all but the first three digits, the longest country code a national number may lack.
    expect(prefilter).toMatchObject({ kind: "digits", digits: "5123456789" });
    expect(passes(prefilter, JSON.stringify({ message: "order 4711 ships on 2025-03-05 at 10:30" }))).toBe(false);
    expect(passes(prefilter, JSON.stringify({ message: "call 0151 2345 6780" }))).toBe(false);
    expect(erasurePrefilter(query("phone", "0151 23456789"))).toMatchObject({ digits: "15123456789" });
  });
});
