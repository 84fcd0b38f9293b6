import { everyJsonLeaf } from "@/lib/privacy/json-leaves";
import { parseJsonContainer } from "@/lib/privacy/json-text";
import { redactJsonText, redactRecord, redactText, type RedactionSettings } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { Random } from "@/scripts/lib/random";

/** The leaves everyJsonLeaf passes on, or null when it finds the text is not a JSON object or array. */
function leavesOf(text: string): (string | number)[] | null {
  const leaves: (string | number)[] = [];
  return everyJsonLeaf(text, (leaf) => leaves.push(leaf) > 0) ? leaves : null;
}

/** The string values and numbers of a parsed value, in order. */
function parsedLeaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(parsedLeaves);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(parsedLeaves);
  return typeof value === "string" || typeof value === "number" ? [value] : [];
}

/** Whether the whole-record redaction (parse, redact every leaf) changes the text, as redactJsonText did without its check of the tokens. */
function fullRedactionChanges(text: string, settings: RedactionSettings): boolean {
  const parsed = parseJsonContainer(text);
  return parsed === undefined ? redactText(text, settings).text !== text : redactRecord(parsed, settings).changed;
}

/** Values that hold something to redact, that look like it and do not, or that JSON writes with escapes. */
const FRAGMENTS = [
  "jane@example.com",
  "a@b",
  "+49 151 23456789",
  "555-123-4567",
  "(555) 123-4567",
  "2025-03-05",
  "2026-08-29T00:04:00.914Z",
  "4111 1111 1111 1111",
  "4111111111111112",
  "DE89 3704 0044 0532 0130 00",
  "DE89370400440532013000",
  "203.0.113.7",
  "2001:db8::1",
  "1.2.3.4.5",
  "NW-779215",
  "v10.4.1",
  "order 123456",
  "$20/year",
  "\n",
  '"',
  "\\",
  "/",
  "\u0000",
  "\u2028",
  "é",
  "📞",
  "[EMAIL]",
  "0151",
  "23456789",
  " ",
  "@",
  "example.com",
];
const KEYS = ["_id", "id", "sessionID", "sessionId", "transcript", "message", "text", "a", "__proto__", "555-123-4567"];
const NUMBERS = ["4111111111111111", "2.6e15", "26e14", "1787961842279", "0", "-1.5", "1e400", "4111111111111111.0", "12"];

/** A random JSON value's text (an object or array at depth 0), written as JSON.stringify writes it or with escapes and spaces of its own. */
function randomJson(random: Random, depth: number): string {
  const kind = depth === 0 ? random.int(3, 5) : depth > 3 ? random.int(0, 2) : random.int(0, 5);
  if (kind === 0) return random.pick(NUMBERS);
  if (kind === 1) return random.pick(["true", "false", "null"]);
  if (kind === 2) return writeString(random, randomText(random, depth));
  const items = Array.from({ length: random.int(0, 4) }, () => randomJson(random, depth + 1));
  const space = () => random.pick(["", "", " ", "  "]);
  if (kind === 3) return `[${space()}${items.join(`,${space()}`)}${space()}]`;
  // Keys differ within an object: JSON.parse keeps only the last value of a repeated one.
  const keys = KEYS.slice(random.int(0, KEYS.length - items.length));
  return `{${space()}${items.map((item, index) => `${writeString(random, keys[index])}${space()}:${space()}${item}`).join(",")}${space()}}`;
}

/** Text of fragments glued by letters, spaces and punctuation, sometimes JSON itself. */
function randomText(random: Random, depth: number): string {
  if (depth < 3 && random.chance(0.15)) return randomJson(random, depth + 1);
  let text = "";
  for (let count = random.int(0, 4); count > 0; count--)
    text += random.pick(FRAGMENTS) + random.pick(["", " ", "x", ":", ".", "-", "\n", "é"]);
  return text;
}

/** A JSON string literal: as JSON.stringify writes it, or with characters escaped as \uXXXX or '/' as "\/". */
function writeString(random: Random, value: string): string {
  const literal = JSON.stringify(value);
  if (random.chance(0.7)) return literal;
  let written = "";
  for (let index = 1; index < literal.length - 1; index++) {
    const character = literal[index];
    if (character === "\\") {
      const length = literal[index + 1] === "u" ? 6 : 2;
      written += literal.slice(index, index + length);
      index += length - 1;
    } else if (character === "/" && random.chance(0.5)) {
      written += "\\/";
    } else {
      written += random.chance(0.2) ? `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}` : character;
    }
  }
  return `"${written}"`;
}

/** `text` with a character dropped, doubled or replaced, which mostly makes it invalid JSON. */
function damaged(random: Random, text: string): string {
  const at = random.int(0, text.length - 1);
  const replacement = random.pick(["", text[at] + text[at], '"', "\\", ",", "]", "}", "x", " 555-123-4567 "]);
  return text.slice(0, at) + replacement + text.slice(at + 1);
}

describe("everyJsonLeaf", () => {
  it("passes on the string values and numbers JSON.parse reads, in order, and refuses what it refuses", () => {
    const random = new Random("json-leaves");
    for (let round = 0; round < 3_000; round++) {
      const valid = randomJson(random, 0);
      expect({ valid, leaves: leavesOf(valid) }).toEqual({ valid, leaves: parsedLeaves(JSON.parse(valid)) });
      const text = damaged(random, valid);
      expect({ text, isRead: leavesOf(text) !== null }).toEqual({ text, isRead: parseJsonContainer(text) !== undefined });
    }
  });

  it("refuses texts that are not JSON objects or arrays", () => {
    for (const text of [
      '"a"',
      "1",
      "",
      " ",
      "[",
      "{}x",
      "[1,]",
      '{"a"}',
      '{"a":1,}',
      "[01]",
      "[-]",
      "[tru]",
      '["\\x"]',
      '["a\nb"]',
      "[1 2]",
    ]) {
      expect({ text, leaves: leavesOf(text) }).toEqual({ text, leaves: null });
    }
    expect(leavesOf('{"a" : [ 1 , "b\\n" , {} , [] , null ] } ')).toEqual([1, "b\n"]);
    // Pretty-printed JSON is left to JSON.parse.
    expect(leavesOf('{\n  "a": 1\n}')).toBeNull();
  });
});

describe("redactJsonText's check of the tokens", () => {
  const settingsToTry: RedactionSettings[] = [
    DEFAULT_PRIVACY_SETTINGS,
    { ...DEFAULT_PRIVACY_SETTINGS, redact: { email: false, phone: true, card: false, iban: false, ip: false } },
    { ...DEFAULT_PRIVACY_SETTINGS, customPatterns: [{ name: "order", pattern: "NW-\\d+" }] },
  ];

  it("never finds a record unchanged that the whole record's redaction changes", () => {
    const random = new Random("json-leaves-redaction");
    for (const settings of settingsToTry) {
      for (let round = 0; round < 2_000; round++) {
        const valid = randomJson(random, 0);
        for (const text of [valid, damaged(random, valid)]) {
          const result = redactJsonText(text, settings);
          expect({ text, changed: result.changed }).toEqual({ text, changed: fullRedactionChanges(text, settings) });
        }
      }
    }
  });

  it("reads values behind escapes, in JSON held in strings and as numbers", () => {
    for (const text of [
      '{"a":"jane\\u0040example.com"}',
      '{"a":"call 555\\/123\\/4567"}',
      '{"a":"{\\"b\\":\\"jane@example.com\\"}"}',
      '{"a":"[\\n2.6e15]"}',
      '{"a":2.6e15}',
      '{"a":[4111111111111111]}',
      '{"a":"x\\n555-123-4567"}',
      '{"_id":"jane@example.com","b":"555-123-4567"}',
    ]) {
      expect({ text, changed: redactJsonText(text, DEFAULT_PRIVACY_SETTINGS).changed }).toEqual({ text, changed: true });
    }
    expect(redactJsonText('{"_id":"jane@example.com","b":"ok"}', DEFAULT_PRIVACY_SETTINGS).changed).toBe(false);
  });
});
