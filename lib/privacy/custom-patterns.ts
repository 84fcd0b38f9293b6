// The administrators' patterns applied after the built-in kinds: each match becomes [<NAME>]. They
// match only the text between placeholders, so that no pattern rewrites a placeholder (redacting
// again changes nothing) or matches across one. Each pattern runs on the linear-time engine
// (pattern-engine.ts), first once over the whole text, which holds no match of it in most texts.
import { compilePattern, type LinearPattern } from "./pattern-engine";
import { placeholder, placeholderNames } from "./placeholders";
import type { RedactionCounts } from "./redaction-counts";

interface CompiledPattern {
  name: string;
  placeholder: string;
  engine: LinearPattern;
}

interface Piece {
  text: string;
  isPlaceholder: boolean;
}

/** A saved pattern the engine refuses (saved before the engine judged patterns): it is not applied. */
export interface UnusablePattern {
  name: string;
  message: string;
}

const escapeForRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

export class CustomPatterns {
  private readonly patterns: CompiledPattern[] = [];
  private readonly placeholders: RegExp;
  readonly unusable: UnusablePattern[] = [];

  constructor(patterns: readonly { name: string; pattern: string }[]) {
    for (const { name, pattern } of patterns) {
      const upper = name.toUpperCase();
      const compiled = compilePattern(pattern);
      if (compiled.ok) this.patterns.push({ name: upper, placeholder: placeholder(upper), engine: compiled.pattern });
      else this.unusable.push({ name: upper, message: compiled.message });
    }
    const names = [...placeholderNames(this.patterns.map((pattern) => pattern.name))].map(escapeForRegExp);
    this.placeholders = new RegExp(`\\[(?:${names.join("|")})\\]`, "g");
  }

  get size(): number {
    return this.patterns.length;
  }

  apply(text: string, counts: RedactionCounts): string {
    if (!this.patterns.some((pattern) => pattern.engine.test(text))) return text;
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
    let last = 0;
    for (const match of pattern.engine.matches(text)) {
      if (match.start > last) pieces.push({ text: text.slice(last, match.start), isPlaceholder: false });
      pieces.push({ text: pattern.placeholder, isPlaceholder: true });
      counts.custom[pattern.name] = (counts.custom[pattern.name] ?? 0) + 1;
      last = match.end;
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
