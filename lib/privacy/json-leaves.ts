// The string values and numbers of a JSON text, read off its tokens without building the value it
// holds. The text is checked against JSON's grammar on the way, so that a text JSON.parse refuses
// is never taken for one it reads.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** A control character, which JSON refuses in a string; such texts are left to JSON.parse. */
const CONTROL_CHARACTER = /[\x00-\x1f]/;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Whether `text` is a JSON object or array every string value and number of which passes `test`
 * (object keys are not values). False as soon as one fails, and when the text is not such JSON or
 * holds a control character (pretty-printed JSON: its line breaks).
 */
export function everyJsonLeaf(text: string, test: (leaf: string | number) => boolean): boolean {
  const first = text.charCodeAt(0);
  if ((first !== OPEN_BRACE && first !== OPEN_BRACKET) || CONTROL_CHARACTER.test(text)) return false;
  return new JsonTokens(text).everyLeaf(test);
}

class JsonTokens {
  private position = 0;
  /** The first backslash at or after `position` (-1: none): a string ending before it has no escape. */
  private backslash: number;

  constructor(private readonly text: string) {
    this.backslash = text.indexOf("\\");
  }

  everyLeaf(test: (leaf: string | number) => boolean): boolean {
    const text = this.text;
    /** The closing bracket of each container open around the position, innermost last. */
    const closers: number[] = [];
    for (;;) {
      // A value starts at `position`.
      this.skipSpace();
      const code = text.charCodeAt(this.position);
      if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        const closer = code === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
        this.position += 1;
        this.skipSpace();
        if (text.charCodeAt(this.position) !== closer) {
          closers.push(closer);
          if (closer === CLOSE_BRACE && !this.readKey()) return false;
          continue;
        }
        this.position += 1;
      } else if (code === QUOTE) {
        const value = this.readString();
        if (value === null || !test(value)) return false;
      } else if (!this.readNumberOrLiteral(test)) {
        return false;
      }
      // After a value: a comma and the next one, or the ends of containers.
      for (;;) {
        this.skipSpace();
        if (closers.length === 0) return this.position === text.length;
        const next = text.charCodeAt(this.position);
        const closer = closers[closers.length - 1];
        this.position += 1;
        if (next === COMMA) {
          if (closer === CLOSE_BRACE && !this.readKey()) return false;
          break;
        }
        if (next !== closer) return false;
        closers.pop();
      }
    }
  }

  private skipSpace(): void {
    // Tabs and line breaks are control characters, refused before.
    while (this.text.charCodeAt(this.position) === 0x20) this.position += 1;
  }

  /** Reads an object key and its colon. */
  private readKey(): boolean {
    this.skipSpace();
    if (this.text.charCodeAt(this.position) !== QUOTE || !this.skipString()) return false;
    this.skipSpace();
    if (this.text.charCodeAt(this.position) !== COLON) return false;
    this.position += 1;
    return true;
  }

  /** The string whose opening quote is at `position`, read past its closing quote; null when it is not valid JSON. */
  private readString(): string | null {
    const start = this.position;
    const end = this.plainStringEnd();
    if (end < 0) return this.readEscapedString();
    this.position = end + 1;
    return this.text.slice(start + 1, end);
  }

  /** Reads past the string at `position` as readString does, without making the string when it has no escape. */
  private skipString(): boolean {
    const end = this.plainStringEnd();
    if (end < 0) return this.readEscapedString() !== null;
    this.position = end + 1;
    return true;
  }

  /** The closing quote of the string at `position` when it holds no escape, else -1. */
  private plainStringEnd(): number {
    const text = this.text;
    const end = text.indexOf('"', this.position + 1);
    if (this.backslash >= 0 && this.backslash < this.position) this.backslash = text.indexOf("\\", this.position);
    return end >= 0 && (this.backslash < 0 || this.backslash > end) ? end : -1;
  }

  /** readString of a string holding an escape (or not closed). */
  private readEscapedString(): string | null {
    const text = this.text;
    const start = this.position;
    let end = start + 1;
    for (; end < text.length; end++) {
      const code = text.charCodeAt(end);
      if (code === BACKSLASH) end += 1;
      else if (code === QUOTE) break;
    }
    this.position = end + 1;
    try {
      // JSON.parse decodes the escapes, and refuses a bad one.
      return JSON.parse(text.slice(start, end + 1)) as string;
    } catch {
      return null;
    }
  }

  private readNumberOrLiteral(test: (leaf: string | number) => boolean): boolean {
    const text = this.text;
    const start = this.position;
    NUMBER.lastIndex = start;
    if (NUMBER.test(text)) {
      this.position = NUMBER.lastIndex;
      return test(Number(text.slice(start, this.position)));
    }
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, start)) {
        this.position += literal.length;
        return true;
      }
    }
    return false;
  }
}
