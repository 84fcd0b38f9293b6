// The administrators' patterns applied after the built-in kinds: each match becomes [<NAME>]. They
// match only the text between placeholders, so that no pattern rewrites a placeholder (redacting
// again changes nothing) or matches across one. Each pattern runs once over a text that holds no
// match of it, which is most; validated patterns (custom-pattern-rules.ts) run in time about linear
// in the text's length.
import { placeholder, placeholderNames } from "./placeholders";
import type { RedactionCounts } from "./redaction-counts";

interface CompiledPattern {
  name: string;
  placeholder: string;
  /** Finds whether a text holds a match at all. */
  probe: RegExp;
  /** Walks the matches of one piece of text. */
  matches: RegExp;
}

interface Piece {
  text: string;
  isPlaceholder: boolean;
}

const escapeForRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

export class CustomPatterns {
  private readonly patterns: CompiledPattern[];
  private readonly placeholders: RegExp;

  /** Throws when a pattern does not compile. */
  constructor(patterns: readonly { name: string; pattern: string }[]) {
    this.patterns = patterns.map(({ name, pattern }) => {
      const upper = name.toUpperCase();
      try {
        return { name: upper, placeholder: placeholder(upper), probe: new RegExp(pattern, "u"), matches: new RegExp(pattern, "gu") };
      } catch (error) {
        throw new Error(`Custom pattern ${upper} does not compile: ${(error as Error).message}`);
      }
    });
    const names = [...placeholderNames(this.patterns.map((pattern) => pattern.name))].map(escapeForRegExp);
    this.placeholders = new RegExp(`\\[(?:${names.join("|")})\\]`, "g");
  }

  get size(): number {
    return this.patterns.length;
  }

  apply(text: string, counts: RedactionCounts): string {
    if (!this.patterns.some((pattern) => pattern.probe.test(text))) return text;
    let pieces = this.split(text);
    let isChanged = false;
    for (const pattern of this.patterns) {
      const next: Piece[] = [];
      for (const piece of pieces) {
        if (piece.isPlaceholder) next.push(piece);
        else if (this.replaceIn(piece.text, pattern, next, counts)) isChanged = true;
      }
      pieces = next;
    }
    return isChanged ? pieces.map((piece) => piece.text).join("") : text;
  }

  /** Adds the pieces of `text` with the pattern's matches replaced; whether there were any. */
  private replaceIn(text: string, pattern: CompiledPattern, pieces: Piece[], counts: RedactionCounts): boolean {
    const regex = pattern.matches;
    regex.lastIndex = 0;
    let last = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      if (match[0] === "") {
        // Validated patterns never match nothing; stepping on keeps an unvalidated one from looping.
        regex.lastIndex += 1;
        continue;
      }
      if (match.index > last) pieces.push({ text: text.slice(last, match.index), isPlaceholder: false });
      pieces.push({ text: pattern.placeholder, isPlaceholder: true });
      counts.custom[pattern.name] = (counts.custom[pattern.name] ?? 0) + 1;
      last = match.index + match[0].length;
    }
    if (last < text.length) pieces.push({ text: last === 0 ? text : text.slice(last), isPlaceholder: false });
    return last > 0;
  }

  /** The text cut into placeholders (built-in or of these patterns) and the text between them. */
  private split(text: string): Piece[] {
    const pieces: Piece[] = [];
    let last = 0;
    this.placeholders.lastIndex = 0;
    for (let match = this.placeholders.exec(text); match; match = this.placeholders.exec(text)) {
      if (match.index > last) pieces.push({ text: text.slice(last, match.index), isPlaceholder: false });
      pieces.push({ text: match[0], isPlaceholder: true });
      last = match.index + match[0].length;
    }
    if (last < text.length) pieces.push({ text: text.slice(last), isPlaceholder: false });
    return pieces;
  }
}
