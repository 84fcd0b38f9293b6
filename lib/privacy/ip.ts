// IP addresses.
// IPv4: four decimal parts 0-255 without leading zeros, joined by dots, not inside a longer dotted
// run (so a five-part version 1.2.3.4.5 survives, as do three-part versions and dates), nor right
// after a word that makes it a version ("version 1.2.3.4", "build: 4.0.1.2").
// IPv6: RFC 4291's text forms, full, compressed with '::', and with an IPv4 tail (::ffff:192.0.2.1),
// holding at least two groups and a decimal digit, so that "::", "std::" and "::1" (the loopback)
// survive; times (12:30:45) and MAC addresses (six groups, no '::') are not addresses. Found from
// each ':' by reading hex digits, ':' and '.' both ways, at most once per character.
import { codeAt, COLON, DOT, isAsciiLetter, isDigit, isHexDigit, isWordChar } from "./characters";
import type { Span } from "./spans";

/** The end of the IPv4 address starting at `start` (a digit at a word boundary), or -1. */
export function matchIpv4At(text: string, start: number): number {
  if (codeAt(text, start - 1) === DOT) return -1;
  let position = start;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (text.charCodeAt(position) !== DOT) return -1;
      position += 1;
    }
    const end = decimalPartEnd(text, position);
    if (end < 0) return -1;
    position = end;
  }
  const next = codeAt(text, position);
  if (isWordChar(next) || (next === DOT && isDigit(codeAt(text, position + 1)))) return -1;
  return followsVersionWord(text, start) ? -1 : position;
}

/** Words after which a four-part dotted number is a version number. */
const VERSION_WORDS = new Set(["version", "ver", "v", "build", "release", "rev", "revision", "firmware", "fw"]);
/** What may stand between such a word and the number: "version 1.2.3.4", "Version: 1.2.3.4", "ver=1.2.3.4". */
const VERSION_SEPARATORS = " \t:=/#";
const MAX_VERSION_SEPARATORS = 2;

function followsVersionWord(text: string, start: number): boolean {
  let wordEnd = start;
  while (wordEnd > 0 && start - wordEnd < MAX_VERSION_SEPARATORS && VERSION_SEPARATORS.includes(text[wordEnd - 1])) wordEnd -= 1;
  let wordStart = wordEnd;
  while (wordStart > 0 && wordEnd - wordStart <= "firmware".length && isAsciiLetter(text.charCodeAt(wordStart - 1))) wordStart -= 1;
  if (wordStart === wordEnd || isWordChar(codeAt(text, wordStart - 1))) return false;
  return VERSION_WORDS.has(text.slice(wordStart, wordEnd).toLowerCase());
}

/** The end of a decimal 0-255 without a leading zero at `start`, or -1. */
function decimalPartEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && end - start < 4 && isDigit(text.charCodeAt(end))) end += 1;
  const length = end - start;
  if (length === 0 || length > 3 || (length > 1 && text.charCodeAt(start) === 0x30)) return -1;
  return Number(text.slice(start, end)) <= 255 ? end : -1;
}

function isAddressChar(code: number): boolean {
  return isHexDigit(code) || code === COLON || code === DOT;
}

/** Adds the spans of the IPv6 addresses in `text`, in order. */
export function findIpv6(text: string, out: Span[]): void {
  let searchFrom = 0;
  for (let colon = text.indexOf(":"); colon >= 0; colon = text.indexOf(":", searchFrom)) {
    let start = colon;
    while (start > searchFrom && isAddressChar(text.charCodeAt(start - 1))) start -= 1;
    let end = colon + 1;
    while (end < text.length && isAddressChar(text.charCodeAt(end))) end += 1;
    searchFrom = end;
    // A run glued to a word ("T15:04", "note:2001:db8::1") starts after its first single ':'.
    if (isWordChar(codeAt(text, start - 1))) {
      start = text.indexOf(":", start);
      if (codeAt(text, start + 1) !== COLON) start += 1;
    }
    if (codeAt(text, start) === COLON && codeAt(text, start + 1) !== COLON) start += 1;
    while (end > start && text.charCodeAt(end - 1) === DOT) end -= 1;
    if (codeAt(text, end - 1) === COLON && codeAt(text, end - 2) !== COLON) end -= 1;
    if (codeAt(text, start - 1) === DOT || isWordChar(codeAt(text, end))) continue;
    if (isIpv6(text.slice(start, end))) out.push({ start, end, kind: "ip" });
  }
}

/** Whether `candidate` is an IPv6 address as the detector counts them (see the file's comment). */
export function isIpv6(candidate: string): boolean {
  if (!/\d/.test(candidate)) return false;
  const halves = candidate.split("::");
  if (halves.length > 2) return false;
  const isCompressed = halves.length === 2;
  let groups = 0;
  for (let half = 0; half < halves.length; half++) {
    if (halves[half] === "") continue;
    const parts = halves[half].split(":");
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index];
      const isLast = half === halves.length - 1 && index === parts.length - 1;
      if (isLast && part.includes(".")) {
        if (matchIpv4At(part, 0) !== part.length) return false;
        groups += 2;
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) {
        groups += 1;
      } else {
        return false;
      }
    }
  }
  return isCompressed ? groups >= 2 && groups <= 7 : groups === 8;
}
