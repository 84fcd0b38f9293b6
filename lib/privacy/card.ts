// Payment card numbers: 13-19 digits that pass the Luhn check and start as the card networks'
// numbers do (2-6 or 8: Mastercard, Mir, Amex, Diners, JCB, Visa, Maestro, Discover, UnionPay,
// RuPay), written without separators or in the groups cards print: fours (the last group 1-4
// digits), or Amex's and Diners' 4-6-5 and 4-6-4, each group after a separator of its own: a space,
// '-', '.', '/' or '_' (the folded text has no other spaces or dashes).
// Numbers failing Luhn survive, and so do epoch times in ms, µs or ns, which start with 1.
import { codeAt, DOT, HYPHEN, isDigit, isWordChar, PLUS, SPACE, UNDERSCORE } from "./characters";

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
const SEPARATORS = new Set([SPACE, HYPHEN, DOT, 0x2f, UNDERSCORE]);

/** Characters that make the digits after them part of something else: "+4111...", "1.4111...", "x-4111...". */
function blocksStart(code: number): boolean {
  return code === PLUS || code === DOT || code === 0x2c || code === 0x2d || code === 0x2f;
}

/** The end of the card number starting at `start` (a digit at a word boundary), or -1. */
export function matchCardAt(text: string, start: number): number {
  if (blocksStart(codeAt(text, start - 1))) return -1;
  const groups: number[] = [];
  let digits = 0;
  let position = start;
  for (;;) {
    const groupStart = position;
    while (position < text.length && isDigit(text.charCodeAt(position))) position += 1;
    const length = position - groupStart;
    digits += length;
    groups.push(length);
    if (digits > MAX_DIGITS) return -1;
    const next = codeAt(text, position);
    if (SEPARATORS.has(next) && isDigit(codeAt(text, position + 1))) {
      position += 1;
      continue;
    }
    break;
  }
  if (digits < MIN_DIGITS || !isCardGrouping(groups) || !endsAtBoundary(text, position)) return -1;
  return isCardNumber(text.slice(start, position).replace(/\D/g, "")) ? position : -1;
}

function isCardGrouping(groups: number[]): boolean {
  if (groups.length === 1) return true;
  if (groups.length === 3 && groups[0] === 4 && groups[1] === 6 && (groups[2] === 5 || groups[2] === 4)) return true;
  const last = groups[groups.length - 1];
  return groups.slice(0, -1).every((length) => length === 4) && last >= 1 && last <= 4;
}

/** Not followed by a word character or by a decimal part ("4111111111111111.5"). */
function endsAtBoundary(text: string, end: number): boolean {
  const next = codeAt(text, end);
  if (isWordChar(next)) return false;
  return !((next === DOT || next === 0x2c) && isDigit(codeAt(text, end + 1)));
}

/** 13-19 digits of a card network's range that pass the Luhn check. */
export function isCardNumber(digits: string): boolean {
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return false;
  const first = digits.charCodeAt(0) - 0x30;
  if (!((first >= 2 && first <= 6) || first === 8)) return false;
  return passesLuhn(digits);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let isDoubled = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let value = digits.charCodeAt(index) - 0x30;
    if (isDoubled) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
    isDoubled = !isDoubled;
  }
  return sum % 10 === 0;
}
