// Finds the built-in kinds' values in a text: e-mail addresses from each '@', IPv6 addresses from
// each ':', and everything that starts with a digit (IBANs, IPv4 addresses, card and phone numbers)
// in one pass over the text's digit runs. Where two finds overlap, the kind found first in this
// order wins: e-mail, IPv6, then the digit pass's own (IBAN, IPv4, card, phone). The detectors read
// the text folded (normalize-text.ts: fullwidth and other scripts' digits, dashes, spaces, no
// zero-width characters) and the spans found are those of the original text.
import { codeAt, digitRunEnd, isAsciiLetter, isDigit, isWordChar, skipWord, UNDERSCORE } from "./characters";
import { matchCardAt } from "./card";
import { findEmails } from "./email";
import { ibanAt } from "./iban";
import { findIpv6, matchIpv4At } from "./ip";
import { foldForDetection, originalSpan } from "./normalize-text";
import { matchPhoneAt } from "./phone";
import type { BuiltInKind } from "./placeholders";
import type { Span } from "./spans";

export type EnabledKinds = Readonly<Record<BuiltInKind, boolean>>;

const HAS_DIGIT = /\d/;
/** A whole text that is an ISO 8601 date-time (every dialog entry's startTime is one): nothing to find. */
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d{1,9})?)?(?:Z|[+-]\d\d:?\d\d)?$/;

/** The spans to redact in `text`, in order and not overlapping; empty for most texts. */
export function findSpans(text: string, kinds: EnabledKinds): Span[] {
  const folded = foldForDetection(text);
  if (!folded) return findSpansIn(text, kinds);
  return findSpansIn(folded.text, kinds).map((span) => ({ ...originalSpan(folded, span.start, span.end), kind: span.kind }));
}

function findSpansIn(text: string, kinds: EnabledKinds): Span[] {
  const spans: Span[] = [];
  if (text.length < 6) return spans;
  if (kinds.email) findEmails(text, spans);
  if (!HAS_DIGIT.test(text) || ISO_DATE_TIME.test(text)) return spans;
  const found = spans.length;
  if (kinds.ip && text.includes(":")) findIpv6(text, spans);
  if (kinds.iban || kinds.ip || kinds.card || kinds.phone) findDigitRuns(text, kinds, spans);
  return spans.length > found ? withoutOverlaps(spans) : spans;
}

/** Keeps each span unless it overlaps one before it in the list, then orders them by position. */
function withoutOverlaps(spans: Span[]): Span[] {
  const kept: Span[] = [];
  for (const span of spans) {
    if (!kept.some((other) => span.start < other.end && other.start < span.end)) kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** Where a value of the digit pass may start: a digit, or a phone number's '+' or '('. */
const DIGIT = /\d/g;
const DIGIT_OR_PHONE_START = /[\d+(]/g;

function findDigitRuns(text: string, kinds: EnabledKinds, spans: Span[]): void {
  const starts = kinds.phone ? DIGIT_OR_PHONE_START : DIGIT;
  let index = 0;
  for (;;) {
    starts.lastIndex = index;
    if (!starts.test(text)) return;
    index = starts.lastIndex - 1;
    const code = text.charCodeAt(index);
    const before = codeAt(text, index - 1);
    if (isWordChar(before)) {
      // Digits glued to a word are part of it, unless two letters open an IBAN: "DE89 3704...".
      const iban = isDigit(code) && kinds.iban && opensIban(text, index) ? ibanAt(text, index - 2) : null;
      if (iban) {
        if (iban.isValid) spans.push({ start: index - 2, end: iban.end, kind: "iban" });
        index = iban.end;
      } else {
        index = skipWord(text, index);
      }
      continue;
    }
    const span = isDigit(code) ? digitSpanAt(text, index, kinds) : phoneSpanAt(text, index);
    if (span) {
      spans.push(span);
      index = span.end;
    } else {
      index = isDigit(code) ? skipWord(text, index) : index + 1;
    }
  }
}

function opensIban(text: string, digitIndex: number): boolean {
  return (
    digitIndex >= 2 &&
    isAsciiLetter(text.charCodeAt(digitIndex - 1)) &&
    isAsciiLetter(text.charCodeAt(digitIndex - 2)) &&
    !isWordChar(codeAt(text, digitIndex - 3))
  );
}

function digitSpanAt(text: string, start: number, kinds: EnabledKinds): Span | null {
  // Digits a word goes on from ("29478081f454be52") start no value: each kind ends at a boundary
  // and goes on past its first digits only by a separator.
  const runEnd = digitRunEnd(text, start);
  const next = codeAt(text, runEnd);
  // '_' between digits separates groups ("555_123_4567"), as a space would.
  if (isWordChar(next) && !(next === UNDERSCORE && isDigit(codeAt(text, runEnd + 1)))) return null;
  let end: number;
  if (kinds.ip && (end = matchIpv4At(text, start)) > 0) return { start, end, kind: "ip" };
  if (kinds.card && (end = matchCardAt(text, start)) > 0) return { start, end, kind: "card" };
  return kinds.phone ? phoneSpanAt(text, start) : null;
}

function phoneSpanAt(text: string, start: number): Span | null {
  const end = matchPhoneAt(text, start);
  return end > 0 ? { start, end, kind: "phone" } : null;
}
