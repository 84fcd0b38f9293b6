// E-mail addresses. From each '@', the local part is read backwards and the domain forwards, each
// character at most once per address found, so the scan is linear in the text.
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

/** Adds the spans of the e-mail addresses in `text`, in order. */
export function findEmails(text: string, out: Span[]): void {
  // Local parts are never read back past this: the end of the previous address or '@'.
  let bound = 0;
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", Math.max(at + 1, bound))) {
    const end = emailEndAt(text, at);
    let start = at;
    while (start > bound && isLocalChar(text.charCodeAt(start - 1))) start -= 1;
    while (start < at && text.charCodeAt(start) === DOT) start += 1;
    if (end > 0 && start < at) {
      out.push({ start, end, kind: "email" });
      bound = end;
    } else {
      bound = at + 1;
    }
  }
}

/** The end of the domain that follows the '@' at `at`, or -1 when none does. */
function emailEndAt(text: string, at: number): number {
  let position = at + 1;
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
  return spans.length === 1 && spans[0].start === 0 && spans[0].end === text.length ? text.toLowerCase() : null;
}
