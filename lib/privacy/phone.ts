// Phone numbers. A candidate is read from a '+', '(' or digit at a word boundary as digit groups
// joined by one separator each (a space, '-', '.', '/', " - " or " / "; a group may be a
// parenthesised area code such as "(555)" or "(0)"), and is a phone number when it has one of these
// shapes (the rules are in phone-shapes.ts):
//   international: '+' and 8-15 digits (a "(0)" after the country code is not counted), or "00",
//     a country code and 8-15 digits in two or more groups: +49 30 1234567, +1 (555) 123-4567,
//     +44 (0)20 7946 0958, 0049 30 1234567;
//   national with the trunk prefix 0 (UK, DE, FR, IT, NL, BE, CH, AT, JP, AU...): 9-12 digits in
//     groups of two or more (10-12 when written without separators): 020 7946 0958, 07700 900123,
//     030 123456, 0151 23456789, 01 23 45 67 89, 03-1234-5678, (02) 9876 5432;
//   national without a trunk prefix, by grouping: North America 555-123-4567, (555) 123-4567,
//     1-800-555-0199; Italy 347 123 4567; Spain 612 345 678, 612 34 56 78; India 98765 43210;
//     China 138 0013 8000; Brazil (11) 91234-5678; Russia 8 (912) 345-67-89.
// Groups may also be joined by '_'; the folded text (normalize-text.ts) has no other dashes or
// spaces. After '#', only a number of two or more groups counts (#555-123-4567, never #100234); a
// number written as one run of 9-12 digits counts after a word that announces one ("phone:",
// "call me at", "tel", "mobile"...), where an order or ticket number would not stand.
// What survives: numbers glued to letters or after # $ € £ ¥ % & . , - / + @ \ (NW-5532, #100234,
// v10.4.1, 3.14159265358), dates (2025-03-05, 05.03.2025, 3/5/2025, 05.03.25 before a time), times
// (':' is no separator), epoch times (bare digits that start with 1), versions, prices (a currency
// sign or '%' next to the number), and anything under 9 digits (8 after '+').
// When the whole candidate has no phone shape, its longest leading groups that have one and end
// before a space are taken: "030 123456 0151 23456789" is two numbers.
import { CLOSE_PAREN, codeAt, isDigit, isWordChar, OPEN_PAREN, PLUS, SPACE } from "./characters";
import { hasPhoneShape, startsWithDate, type Group } from "./phone-shapes";

const MAX_GROUPS = 12;
const MAX_GROUP_DIGITS = 15;

// # $ % & + , - . / @ \
const BLOCKING_BEFORE = new Set([0x23, 0x24, 0x25, 0x26, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x40, 0x5c]);
// $ % € £ ¥ ₹
const PRICE_MARKS = new Set([0x24, 0x25, 0x20ac, 0xa3, 0xa5, 0x20b9]);
// space - . / _
const SEPARATORS = new Set([SPACE, 0x2d, 0x2e, 0x2f, 0x5f]);
const HASH = 0x23;
/** Words after which a run of digits is a phone number, then what may stand between them and it. */
const PHONE_CUE =
  /\b(?:phone|telephone|tel|mobile|cell|call|ring|whatsapp|sms|fax)\b[^\p{L}\p{N}\n]{0,3}(?:(?:me|us|at|on|is|no|number)\b[^\p{L}\p{N}\n]{0,3}){0,3}$/iu;
/** How far back a cue is looked for. */
const CUE_REACH = 40;

export interface PhoneCandidate {
  isInternational: boolean;
  groups: Group[];
  /** A word announcing a phone number stands right before it. */
  isCued?: boolean;
}

/** The end of the phone number starting at `start` ('+', '(' or a digit at a word boundary), or -1. */
export function matchPhoneAt(text: string, start: number): number {
  const match = phoneAt(text, start);
  return match ? match.end : -1;
}

/** The phone number starting at `start` with its groups, or null. */
export function phoneAt(text: string, start: number): (PhoneCandidate & { end: number }) | null {
  const before = codeAt(text, start - 1);
  const isAfterHash = before === HASH;
  if ((BLOCKING_BEFORE.has(before) && !isAfterHash) || (before === SPACE && PRICE_MARKS.has(codeAt(text, start - 2)))) return null;
  const candidate = readCandidate(text, start);
  if (!candidate || startsWithDate(text, candidate.groups)) return null;
  const { groups } = candidate;
  const isCued = isBareRunLength(groups) && PHONE_CUE.test(text.slice(Math.max(0, start - CUE_REACH), start));
  for (let count = groups.length; count >= (isAfterHash ? 2 : 1); count--) {
    const end = groups[count - 1].end;
    const isWhole = count === groups.length && !candidate.isCut;
    if (!isWhole && text.charCodeAt(end) !== SPACE) continue;
    if (isWhole && !endsAtBoundary(text, end)) continue;
    if (!isWhole && PRICE_MARKS.has(codeAt(text, end + 1))) continue;
    const prefix = { isInternational: candidate.isInternational, groups: groups.slice(0, count), isCued };
    if (hasPhoneShape(text, prefix)) return { ...prefix, end };
  }
  return null;
}

/** One run of digits as long as a phone number written without separators may be (9-12). */
function isBareRunLength(groups: readonly Group[]): boolean {
  if (groups.length !== 1) return false;
  const length = groups[0].digitsEnd - groups[0].digitsStart;
  return length >= 9 && length <= 12;
}

function endsAtBoundary(text: string, end: number): boolean {
  const next = codeAt(text, end);
  if (isWordChar(next) || next === 0x40 || PRICE_MARKS.has(next)) return false;
  if ((next === 0x2e || next === 0x2c) && isDigit(codeAt(text, end + 1))) return false;
  return !(next === SPACE && PRICE_MARKS.has(codeAt(text, end + 1)));
}

/**
 * The digit groups from `start`, or null when the first group is too long to be part of a phone
 * number. A later group that is too long ends the candidate before it (`isCut`), so that a number
 * followed by a long one ("+49 151 23456789 4111111111111111") is still found.
 */
function readCandidate(text: string, start: number): (PhoneCandidate & { isCut: boolean }) | null {
  let position = start;
  const isInternational = text.charCodeAt(position) === PLUS;
  if (isInternational) {
    position += 1;
    if (!isDigit(codeAt(text, position))) return null;
  }
  const groups: Group[] = [];
  let separator = 0;
  let isCut = false;
  while (groups.length < MAX_GROUPS) {
    const group = readGroup(text, position, separator);
    if (!group) break;
    if (group.digitsEnd - group.digitsStart > MAX_GROUP_DIGITS) {
      if (groups.length === 0) return null;
      isCut = true;
      break;
    }
    groups.push(group);
    position = group.end;
    const next = codeAt(text, position);
    separator = 0;
    if (SEPARATORS.has(next) && startsGroup(text, position + 1)) {
      separator = next;
      position += 1;
    } else if (
      next === SPACE &&
      SEPARATORS.has(codeAt(text, position + 1)) &&
      codeAt(text, position + 2) === SPACE &&
      startsGroup(text, position + 3)
    ) {
      separator = codeAt(text, position + 1);
      position += 3;
    } else if (!startsGroup(text, position) || (!group.isParenthesized && !(isInternational && groups.length === 1))) {
      // Groups follow each other without a separator only after ')' ("(555)123-4567") or
      // before the "(0)" after a country code ("+44(0)20").
      break;
    }
  }
  return groups.length > 0 ? { isInternational, groups, isCut } : null;
}

function startsGroup(text: string, position: number): boolean {
  const code = codeAt(text, position);
  return isDigit(code) || (code === OPEN_PAREN && isDigit(codeAt(text, position + 1)));
}

/** A digit run or a parenthesised one of 1-5 digits at `position`, or null. */
function readGroup(text: string, position: number, separatorBefore: number): Group | null {
  const isParenthesized = codeAt(text, position) === OPEN_PAREN;
  const digitsStart = isParenthesized ? position + 1 : position;
  let digitsEnd = digitsStart;
  while (digitsEnd < text.length && isDigit(text.charCodeAt(digitsEnd))) digitsEnd += 1;
  if (digitsEnd === digitsStart) return null;
  if (!isParenthesized) return { digitsStart, digitsEnd, end: digitsEnd, isParenthesized, separatorBefore };
  if (digitsEnd - digitsStart > 5 || codeAt(text, digitsEnd) !== CLOSE_PAREN) return null;
  return { digitsStart, digitsEnd, end: digitsEnd + 1, isParenthesized, separatorBefore };
}
