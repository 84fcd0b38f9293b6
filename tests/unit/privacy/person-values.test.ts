import { ErasureMatcher, normalizeErasureQuery } from "@/lib/privacy/erasure";
import { addPersonValuesOfRecord, personValuesOfQuery } from "@/lib/privacy/person-values";
import { redactNotingPersons } from "@/lib/privacy/redact-records";
import { Redactor } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";

const BOTH = { email: true, phone: true };

function query(kind: "email" | "phone", value: string) {
  const normalized = normalizeErasureQuery(kind, value);
  if (!normalized.ok) throw new Error(normalized.message);
  return normalized.query;
}

function valuesOf(record: unknown): Set<string> {
  const values = new Set<string>();
  addPersonValuesOfRecord(record, BOTH, values);
  return values;
}

const TEXTS = [
  "reach me at Jane.Doe@Example.com",
  "xjane.doe@example.community",
  "call 0151 23456789",
  "call +49 (151) 234-567-89",
  "call 0151 23456788",
  "office +44 (0)20 7946 0958",
  "020 7946 0958 is the desk",
  "toll free 1-800-555-0199",
  "dial 800 555 0199",
  "order NW-5532 shipped 2025-10-01",
];
const QUERIES = [
  query("email", "jane.doe@example.com"),
  query("phone", "+49 151 23456789"),
  query("phone", "0151 23456789"),
  query("phone", "+44 20 7946 0958"),
  query("phone", "020 7946 0958"),
  query("phone", "+1 207 946 0958"),
  query("phone", "+1 800 555 0199"),
  query("phone", "800 555 0199"),
];

describe("person values", () => {
  // The keys answer what the text search answers: a transcript's values meet a query's exactly
  // when the matcher finds the query in its text.
  it.each(TEXTS)("meet a query's values exactly where the matcher matches: %p", (text) => {
    const values = valuesOf({ dialog: [{ payload: { message: text } }] });
    for (const erasureQuery of QUERIES) {
      const meets = personValuesOfQuery(erasureQuery).some((value) => values.has(value));
      expect([erasureQuery, meets]).toEqual([erasureQuery, new ErasureMatcher(erasureQuery).matchesText(text)]);
    }
  });

  it("reads JSON held in strings, and nothing of other kinds", () => {
    const record = { trace: JSON.stringify({ contact: "JANE.DOE@example.com", card: "4111 1111 1111 1111" }), ip: "10.0.0.1" };
    expect([...valuesOf(record)]).toEqual(["email:jane.doe@example.com"]);
  });

  it("keeps the values a redaction replaces and those of the kinds it leaves", () => {
    const raw = { dialog: [{ payload: { message: "mail jane.doe@example.com or call 0151 23456789" } }] };
    const emailOnly = new Redactor({ ...DEFAULT_PRIVACY_SETTINGS, redact: { ...DEFAULT_PRIVACY_SETTINGS.redact, phone: false } });
    const { source, personValues } = redactNotingPersons({ raw }, emailOnly);
    expect(JSON.stringify(source.raw)).toContain("mail [EMAIL] or call 0151 23456789");
    expect([...personValues].sort()).toEqual(["email:jane.doe@example.com", "phone:15123456789"]);
    const none = new Redactor({ ...DEFAULT_PRIVACY_SETTINGS, redact: { email: false, phone: false, card: false, iban: false, ip: false } });
    expect([...redactNotingPersons({ raw }, none).personValues].sort()).toEqual(["email:jane.doe@example.com", "phone:15123456789"]);
  });
});
