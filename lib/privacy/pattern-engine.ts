// The engine every custom pattern is compiled and run with: RE2 semantics (re2js), whose matching
// time is linear in the text for any pattern, so a pattern cannot backtrack. Patterns are written
// as JavaScript regular expressions; what RE2 cannot run in linear time (back-references,
// look-ahead, look-behind) is refused with a message that says so.
//
// Finding every match of a pattern can still cost more than one pass: a match is only settled once
// every alternative it prefers has failed, which may be far ahead ("(\d+-)?\d" on a long run of
// digits settles each digit at the end of the run). So a match is looked for within a window that
// sees at least MATCH_VIEW characters past where it starts (a match reaching the window's end is
// followed on, in windows twice as long, to its end), and the windows a text's matches take are
// counted against a budget proportional to its length. A text that spends the budget fails
// closed: its rest is taken as one match.
import { RE2JS, RE2JSException, RE2JSSyntaxException } from "re2js";

export const PATTERN_MAX_LENGTH = 200;
/** The characters past its start that a match is decided by, at least. */
export const MATCH_VIEW = 64;
/** The window characters the matches of one pattern may take per character of a text, beyond a fixed allowance. */
const WORK_PER_CHARACTER = 16;
const WORK_ALLOWANCE = 200_000;
/** Texts in which a pattern that can match nothing would show it: edges, letters, digits, spaces, punctuation. */
const EMPTY_MATCH_PROBES = ["", "a", "A", "1", " ", "a b", "a1-b_2.c@d"];

export interface MatchSpan {
  start: number;
  end: number;
}

export type PatternCompilation = { ok: true; pattern: LinearPattern } | { ok: false; message: string };

/** A custom pattern ready to run, or why it cannot be one (a message for the administrator). */
export function compilePattern(source: string): PatternCompilation {
  if (source === "") return { ok: false, message: "Enter a regular expression" };
  if (source.length > PATTERN_MAX_LENGTH) return { ok: false, message: `Patterns can be at most ${PATTERN_MAX_LENGTH} characters long` };
  const construct = unsupportedConstruct(source);
  if (construct) return { ok: false, message: `Patterns cannot use ${construct}` };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    if (error instanceof RE2JSException) return { ok: false, message: refusal(error) };
    throw error;
  }
  const pattern = new LinearPattern(compiled);
  if (EMPTY_MATCH_PROBES.some((probe) => pattern.hasEmptyMatch(probe))) {
    return { ok: false, message: "Patterns must not match an empty text (as x* or ^ do): each match must hold at least one character" };
  }
  return { ok: true, pattern };
}

/**
 * The first construct of JavaScript's syntax that needs backtracking, named for the administrator,
 * or null. Read before the pattern is translated, which would take "\\k<name>" for plain letters.
 */
function unsupportedConstruct(source: string): string | null {
  let isInClass = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === "\\") {
      const next = source[index + 1] ?? "";
      if (/[1-9]/.test(next) || (next === "k" && source[index + 2] === "<")) return "back-references (\\1 or \\k<name>)";
      index += 1;
    } else if (isInClass) {
      if (char === "]") isInClass = false;
    } else if (char === "[") {
      isInClass = true;
    } else if (char === "(" && source[index + 1] === "?") {
      const kind = source.slice(index + 2, index + 4);
      if (kind.startsWith("=")) return "look-ahead (?=...)";
      if (kind.startsWith("!")) return "negative look-ahead (?!...)";
      if (kind === "<=" || kind === "<!") return "look-behind (?<=...) or (?<!...)";
    }
  }
  return null;
}

/** Why RE2 refuses the pattern, in the administrator's words. */
function refusal(error: RE2JSException): string {
  const description = error instanceof RE2JSSyntaxException ? error.getDescription() : "";
  const fragment = error instanceof RE2JSSyntaxException ? error.getPattern() : null;
  const at = fragment ? ` at ${fragment}` : "";
  switch (description) {
    case "missing closing )":
      return "A group opened with ( is not closed with )";
    case "unexpected )":
      return "A ) closes no group";
    case "missing closing ]":
      return "A character class opened with [ is not closed with ]";
    case "invalid repeat count":
      return "A repeat count {n} or {n,m} can be at most 1000";
    case "invalid nested repetition operator":
      return `A repetition is repeated directly${at}: put it in a group first, as in (a+)*`;
    case "missing argument to repetition operator":
      return `A *, +, ? or {n} has nothing before it to repeat${at}`;
    case "trailing backslash at end of expression":
      return "The pattern ends with a lone backslash";
    case "invalid escape sequence":
      return `Patterns cannot use the escape ${fragment ?? "sequence"}`;
    case "invalid character class range":
      return `Invalid character range or class${at}`;
    case "invalid named capture":
    case "duplicate capture group name":
      return `Invalid group name${at}`;
    case "invalid or unsupported Perl syntax":
      return `Patterns cannot use ${fragment ?? "this syntax"}`;
    case "expression too large":
    case "expression nests too deeply":
      return "The pattern is too large: repeat fewer times or nest fewer groups";
    default:
      return "The pattern is not a regular expression the redaction can run";
  }
}

/** A compiled custom pattern: its matches in a text, found in time linear in the text's length. */
export class LinearPattern {
  constructor(private readonly compiled: RE2JS) {}

  /** Whether the text holds a match anywhere: one pass of the pattern's automaton. */
  test(text: string): boolean {
    return this.compiled.test(text);
  }

  /** The matches in `text`, in order, not overlapping and never empty (see the file's comment). */
  matches(text: string): MatchSpan[] {
    const spans: MatchSpan[] = [];
    if (!this.test(text)) return spans;
    const length = text.length;
    let budget = WORK_ALLOWANCE + WORK_PER_CHARACTER * length;
    let position = 0;
    let windowLength = 2 * MATCH_VIEW;
    while (position < length) {
      const windowEnd = Math.min(length, position + windowLength);
      budget -= windowEnd - position;
      if (budget < 0) {
        spans.push({ start: position, end: length });
        break;
      }
      const found = this.firstMatch(text, position, windowEnd);
      if (found && found.end === windowEnd && windowEnd < length && found.start - position < MATCH_VIEW) {
        // The match may go on past the window: look again from its start, further.
        position = found.start;
        windowLength *= 2;
        continue;
      }
      windowLength = 2 * MATCH_VIEW;
      if (!found) {
        if (windowEnd === length) break;
        // A match starting later may not have had its whole view in this window.
        position = windowEnd - MATCH_VIEW;
      } else if (found.start - position >= MATCH_VIEW && windowEnd < length) {
        position = found.start;
      } else if (found.end === found.start) {
        position = found.start + 1;
      } else {
        spans.push(found);
        position = found.end;
      }
    }
    return spans;
  }

  hasEmptyMatch(text: string): boolean {
    const matcher = this.compiled.matcher(text);
    while (matcher.find()) if (matcher.start() === matcher.end()) return true;
    return false;
  }

  /**
   * The leftmost match starting at or after `from` in the text cut at `to`. The character before
   * `from` stays in view, so that ^ and \b judge `from` as in the whole text.
   */
  private firstMatch(text: string, from: number, to: number): MatchSpan | null {
    const offset = from > 0 ? from - 1 : 0;
    const window = offset === 0 && to === text.length ? text : text.slice(offset, to);
    const [isFound, groups] = this.compiled.re2().matchWithGroup(window, from - offset, window.length, UNANCHORED, 1);
    return isFound && groups ? { start: groups[0] + offset, end: groups[1] + offset } : null;
  }
}

/** RE2's search anchoring: a match may start anywhere from the given position. */
const UNANCHORED = 0;
