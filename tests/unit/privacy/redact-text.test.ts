import { redactText, type RedactionSettings } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";

const ALL: RedactionSettings = DEFAULT_PRIVACY_SETTINGS;
const redact = (text: string, settings: RedactionSettings = ALL) => redactText(text, settings).text;

describe("e-mail addresses", () => {
  it.each([
    ["Write to jane.doe@example.com please", "Write to [EMAIL] please"],
    ["<JOHN+tag@mail.example.co.uk>", "<[EMAIL]>"],
    ["mail: a_b-c@sub.domain.org.", "mail: [EMAIL]."],
    ["zoë.müller@example.de", "[EMAIL]"],
  ])("redacts %j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(["@handle on twitter", "user@localhost is not an address", "meet me @ 5pm today", "no at sign here"])("keeps %j", (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe("phone numbers", () => {
  it.each([
    ["Call +49 151 23456789 now", "Call [PHONE] now"],
    ["Ring 0151 23456789", "Ring [PHONE]"],
    ["UK: +44 (0)20 7946 0958", "UK: [PHONE]"],
    ["London 020 7946 0958", "London [PHONE]"],
    ["US (555) 123-4567 office", "US [PHONE] office"],
    ["Toll free 1-800-555-0199", "Toll free [PHONE]"],
    ["Paris 01 23 45 67 89", "Paris [PHONE]"],
    ["France +33 6 12 34 56 78", "France [PHONE]"],
    ["Russia 8 (912) 345-67-89", "Russia [PHONE]"],
    ["電話090-1234-5678です", "電話[PHONE]です"],
    ["India +91 98765 43210", "India [PHONE]"],
  ])("redacts %j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    "Order number 123456 is on its way",
    "Order #A-10023-77 shipped",
    "Meeting on 2024-03-15 at 10:30",
    "Date 15.03.2024 and 03/15/2024",
    "Timestamp 2024-03-15T10:30:00.000Z",
    "2024-03-15T10:30:00.000Z",
    "2024-03-15T10:30:00+01:00",
    "epoch 1710498600000 ms",
    "Version 1.2.3 and v10.4.12-beta.1",
    "Release 2.10.0 build 4567",
    "Total 1,234.56 EUR",
    "Room 42, floor 3",
  ])("keeps %j", (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe("card numbers", () => {
  it.each([
    ["Card 4111 1111 1111 1111 ok", "Card [CARD] ok"],
    ["4111-1111-1111-1111", "[CARD]"],
    ["pay with 5500005555555559.", "pay with [CARD]."],
    ["Amex 3782 822463 10005", "Amex [CARD]"],
  ])("redacts %j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    // Each fails the Luhn check.
    "Card 4111 1111 1111 1112",
    "Reference 5500005555555558",
    // An epoch time in microseconds starts with 1.
    "ts 1710498600000000",
    "Tracking 12345678901234",
  ])("keeps %j", (text) => {
    expect(redact(text)).not.toContain("[CARD]");
  });
});

describe("IBANs", () => {
  it.each([
    ["IBAN DE89 3704 0044 0532 0130 00 thanks", "IBAN [IBAN] thanks"],
    ["GB82WEST12345698765432", "[IBAN]"],
    ["fr14 2004 1010 0505 0001 3M02 606", "[IBAN]"],
  ])("redacts %j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each(["DE89 3704 0044 0532 0130 01", "GB82WEST12345698765433", "SKU AB12 3456", "ae73d26a", "turn ae73 d26a"])(
    "keeps %j (checksum fails or too short)",
    (text) => {
      expect(redact(text)).not.toContain("[IBAN]");
    },
  );
});

describe("IP addresses", () => {
  it.each([
    ["from 203.0.113.7 today", "from [IP] today"],
    ["host 10.0.0.1:8080", "host [IP]:8080"],
    ["v6 2001:db8::8a2e:370:7334 end", "v6 [IP] end"],
  ])("redacts %j", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    "999.1.1.1 is not an address",
    "at 10:30:45 sharp",
    "ratio 3:2",
    "Version 1.2.3.4 is out",
    "App version: 10.0.2.1",
    "build 4.0.1.2 (beta)",
    "Firmware v 2.1.0.7",
    "ver=1.0.0.1",
  ])("keeps %j", (text) => {
    expect(redact(text)).not.toContain("[IP]");
  });

  it.each([
    ["My server is 10.1.2.3", "My server is [IP]"],
    ["reversion 10.1.2.3", "reversion [IP]"],
    ["vv 10.1.2.3", "vv [IP]"],
  ])("redacts %j after a word that is not a version's", (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe("digits a word goes on from", () => {
  it.each(["turn 29478081f454be5235187a8c", "ref 4111111111111111abc", "call 5551234567x", "id 020794609581_b", "+49 151 23456789é"])(
    "keeps %j",
    (text) => {
      expect(redact(text)).toBe(text);
    },
  );

  it("still finds a value right after such a word", () => {
    expect(redact("id 29478081f454be52 +49 151 23456789")).toBe("id 29478081f454be52 [PHONE]");
  });
});

describe("settings", () => {
  it("finds a phone number followed by a longer number", () => {
    expect(redact("+49 151 23456789 4111111111111111")).toBe("[PHONE] [CARD]");
  });

  it("redacts only the enabled kinds", () => {
    const settings: RedactionSettings = { redact: { email: false, phone: true, card: false, iban: false, ip: false }, customPatterns: [] };
    expect(redact("jane@example.com +49 151 23456789 4111111111111111", settings)).toBe("jane@example.com [PHONE] 4111111111111111");
  });

  it("applies custom patterns after the built-in kinds and never inside a placeholder", () => {
    const settings: RedactionSettings = {
      ...ALL,
      customPatterns: [
        { name: "ORDER", pattern: "ORD-\\d{6}" },
        { name: "WORD", pattern: "EMAIL" },
      ],
    };
    expect(redact("ORD-123456 for jane@example.com", settings)).toBe("[ORDER] for [EMAIL]");
  });

  it("counts what it replaced and is idempotent", () => {
    const { text, counts } = redactText("a@b.example and c@d.example, +49 151 23456789", ALL);
    expect(counts.email).toBe(2);
    expect(counts.phone).toBe(1);
    expect(redact(text)).toBe(text);
  });
});
