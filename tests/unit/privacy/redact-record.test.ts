import { splitPlaceholders } from "@/lib/privacy/placeholders";
import { redactJsonText, redactRecord } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";

describe("redactRecord", () => {
  it("redacts every string leaf, JSON held in strings, card numbers as numbers, and keeps identity keys", () => {
    const record = {
      _id: "jane@example.com",
      sessionID: "+49 151 23456789",
      dialog: [{ payload: { type: "text", message: "Mail me at jane@example.com" } }],
      trace: { variables: { caller: "+44 20 7946 0958", card: 4111111111111111, count: 3 } },
      slate: JSON.stringify({ content: [{ children: [{ text: "IP 203.0.113.7" }] }] }),
      device: "Chrome on 10.0.0.2",
    };
    const { record: redacted, counts, changed } = redactRecord(record, DEFAULT_PRIVACY_SETTINGS);
    expect(changed).toBe(true);
    expect(redacted).toEqual({
      _id: "jane@example.com",
      sessionID: "+49 151 23456789",
      dialog: [{ payload: { type: "text", message: "Mail me at [EMAIL]" } }],
      trace: { variables: { caller: "[PHONE]", card: "[CARD]", count: 3 } },
      slate: JSON.stringify({ content: [{ children: [{ text: "IP [IP]" }] }] }),
      device: "Chrome on [IP]",
    });
    expect(counts).toMatchObject({ email: 1, phone: 1, card: 1, ip: 2 });
    expect(record.dialog[0].payload.message).toBe("Mail me at jane@example.com");
  });

  it("returns the record itself when nothing is redacted", () => {
    const record = { dialog: [{ message: "Order 123456 on 2024-03-15" }] };
    const result = redactRecord(record, DEFAULT_PRIVACY_SETTINGS);
    expect(result.changed).toBe(false);
    expect(result.record).toBe(record);
  });

  it("does nothing with every kind off", () => {
    const off = { redact: { email: false, phone: false, card: false, iban: false, ip: false }, customPatterns: [] };
    const record = { message: "jane@example.com" };
    expect(redactRecord(record, off).record).toBe(record);
  });
});

describe("redactJsonText", () => {
  it("keeps unchanged JSON byte for byte and rewrites changed JSON", () => {
    const unchanged = '{ "a": "order 123456" }';
    expect(redactJsonText(unchanged, DEFAULT_PRIVACY_SETTINGS)).toMatchObject({ text: unchanged, changed: false });
    const changed = redactJsonText('{"a":"jane@example.com"}', DEFAULT_PRIVACY_SETTINGS);
    expect(changed).toMatchObject({ text: '{"a":"[EMAIL]"}', changed: true });
  });

  it("gives the redacted record with its text, and none for a text that is not JSON", () => {
    expect(redactJsonText('{"_id":"a@b.cd","a":["call +49 151 23456789"]}', DEFAULT_PRIVACY_SETTINGS)).toMatchObject({
      record: { _id: "a@b.cd", a: ["call [PHONE]"] },
      counts: { phone: 1, email: 0 },
    });
    expect(redactJsonText('{"a":1}', DEFAULT_PRIVACY_SETTINGS).record).toEqual({ a: 1 });
    expect(redactJsonText("mail jane@example.com", DEFAULT_PRIVACY_SETTINGS)).toEqual({
      text: "mail [EMAIL]",
      changed: true,
      record: undefined,
      counts: expect.objectContaining({ email: 1 }),
    });
  });
});

describe("splitPlaceholders", () => {
  it("cuts known placeholders out and leaves other brackets as text", () => {
    expect(splitPlaceholders("Hi [EMAIL], see [NOTE] and [[PHONE]", ["order"])).toEqual([
      { kind: "text", text: "Hi " },
      { kind: "placeholder", name: "EMAIL", text: "[EMAIL]" },
      { kind: "text", text: ", see [NOTE] and [" },
      { kind: "placeholder", name: "PHONE", text: "[PHONE]" },
    ]);
    expect(splitPlaceholders("[ORDER]", ["order"])).toEqual([{ kind: "placeholder", name: "ORDER", text: "[ORDER]" }]);
    expect(splitPlaceholders("")).toEqual([]);
  });
});
