// E-mail addresses. From each '@', the local part is read backwards and the domain forwards, each
// character at most once per address found, so the scan is linear in the text. The '@' may also be
// written as people hide it: "[at]", "(at)", "{at}", "%40", "&#64;", "&#x40;", or " at " between an
// address-like local part (holding '.', '_', '+', '-' or a digit: "jane.doe at example.com", never
// "look at example.com") and a domain.
//
// Rules: the local part holds letters, digits and . _ % + - (Latin-script letters too), without
// leading dots; the domain has at least two labels of letters, digits and '-' joined by single dots,
// and its last label (the top-level domain) is at least two letters or an xn-- label. A trailing dot
// ends the sentence, not the address. "user@localhost" and "@handle" are not addresses.
import { DOT, isAsciiLetter, isDigit, isSpacedScriptLetter } from "./characters";
import type { Span } from "./spans";

function isLocalChar(code: number): boolean {
  // . _ % + -
  return (
    isDigit(code) ||
    isAsciiLetter(code) ||
    isSpacedScriptLetter(code) ||
    code === DOT ||
    code === 0x5f ||
    code === 0x25 ||
    code === 0x2b ||
    code === 0x2d
  );
}

function isDomainChar(code: number): boolean {
  return isDigit(code) || isAsciiLetter(code) || isSpacedScriptLetter(code) || code === 0x2d;
}

function isTopLevelDomain(text: string, start: number, end: number): boolean {
  if (end - start < 2) return false;
  if (text.startsWith("xn--", start) || text.startsWith("XN--", start)) return true;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!isAsciiLetter(code) && !isSpacedScriptLetter(code)) return false;
  }
  return true;
}

/** Ways of writing '@' other than itself; the last, spelled out, asks more of the local part. */
const HIDDEN_AT = /\s?[[({]\s?at\s?[\])}]\s?|%40|&#0*64;|&#x0*40;|( at )/gi;

interface AtSign {
  start: number;
  end: number;
  isSpelled: boolean;
}

/** The '@' signs of the text, written or hidden, in order. */
function atSigns(text: string): AtSign[] {
  const signs: AtSign[] = [];
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) signs.push({ start: at, end: at + 1, isSpelled: false });
  HIDDEN_AT.lastIndex = 0;
  let hidden = false;
  for (let match = HIDDEN_AT.exec(text); match; match = HIDDEN_AT.exec(text)) {
    signs.push({ start: match.index, end: match.index + match[0].length, isSpelled: match[1] !== undefined });
    hidden = true;
  }
  return hidden ? signs.sort((a, b) => a.start - b.start) : signs;
}

/** A local part that reads as an address's rather than as a word: it holds '.', '_', '+', '-' or a digit. */
function isAddressLike(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (isDigit(code) || code === DOT || code === 0x5f || code === 0x2b || code === 0x2d) return true;
  }
  return false;
}

/** Adds the spans of the e-mail addresses in `text`, in order. */
export function findEmails(text: string, out: Span[]): void {
  // Local parts are never read back past this: the end of the previous address or '@'.
  let bound = 0;
  for (const sign of atSigns(text)) {
    if (sign.start < bound) continue;
    const end = domainEndAt(text, sign.end);
    let start = sign.start;
    while (start > bound && isLocalChar(text.charCodeAt(start - 1))) start -= 1;
    while (start < sign.start && text.charCodeAt(start) === DOT) start += 1;
    if (end > 0 && start < sign.start && (!sign.isSpelled || isAddressLike(text, start, sign.start))) {
      out.push({ start, end, kind: "email" });
      bound = end;
    } else {
      bound = sign.end;
    }
  }
}

/** The end of the domain that starts at `position` (after an '@'), or -1 when none does. */
function domainEndAt(text: string, position: number): number {
  let labels = 0;
  let lastLabelStart = position;
  for (;;) {
    const labelStart = position;
    while (position < text.length && isDomainChar(text.charCodeAt(position))) position += 1;
    if (position === labelStart) break;
    labels += 1;
    lastLabelStart = labelStart;
    if (text.charCodeAt(position) !== DOT || !isDomainChar(text.charCodeAt(position + 1))) break;
    position += 1;
  }
  return labels >= 2 && isTopLevelDomain(text, lastLabelStart, position) ? position : -1;
}

/** The address, lower-cased, when `value` is exactly one e-mail address; otherwise null. */
export function canonicalEmail(value: string): string | null {
  const text = value.trim();
  const spans: Span[] = [];
  findEmails(text, spans);
  const isWhole = spans.length === 1 && spans[0].start === 0 && spans[0].end === text.length;
  // Only an address written with '@' is one to compare: "jane[at]example.com" is not its own canonical form.
  return isWhole && text.includes("@") ? text.toLowerCase() : null;
}
