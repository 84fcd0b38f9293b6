// The shapes that make digit groups a phone number, and the dates that never are one (phone.ts
// describes the candidates and lists the examples).
import { SPACE } from "./characters";

export interface Group {
  digitsStart: number;
  digitsEnd: number;
  /** After the digits, or after ')' for a parenthesised group. */
  end: number;
  isParenthesized: boolean;
  /** The separator's code before the group ('-' for " - "), 0 for the first. */
  separatorBefore: number;
}

interface NationalShape {
  lengths: readonly number[];
  leading: RegExp;
  isFirstParenthesized?: boolean;
}

/** National numbers without a trunk prefix, told apart from other numbers by their grouping. */
const NATIONAL_SHAPES: readonly NationalShape[] = [
  // North America 555-123-4567, (555) 123-4567; Italian mobiles 347 123 4567.
  { lengths: [3, 3, 4], leading: /^[2-9]/ },
  // North America with its country code: 1-800-555-0199.
  { lengths: [1, 3, 3, 4], leading: /^1[2-9]/ },
  // Italian mobiles 347 1234567.
  { lengths: [3, 7], leading: /^3/ },
  // Spain 612 345 678, 612 34 56 78.
  { lengths: [3, 3, 3], leading: /^[6-9]/ },
  { lengths: [3, 2, 2, 2], leading: /^[6-9]/ },
  // India 98765 43210.
  { lengths: [5, 5], leading: /^[6-9]/ },
  // Chinese mobiles 138 0013 8000.
  { lengths: [3, 4, 4], leading: /^1[3-9]/ },
  // Brazil (11) 3456-7890, (11) 91234-5678.
  { lengths: [2, 4, 4], leading: /^[1-9]/, isFirstParenthesized: true },
  { lengths: [2, 5, 4], leading: /^[1-9]/, isFirstParenthesized: true },
  // Russia with its trunk prefix 8: 8 (912) 345-67-89.
  { lengths: [1, 3, 3, 2, 2], leading: /^8[3-9]/ },
];

const length = (group: Group) => group.digitsEnd - group.digitsStart;

function isTrunkZero(text: string, group: Group): boolean {
  return group.isParenthesized && length(group) === 1 && text.charCodeAt(group.digitsStart) === 0x30;
}

export function hasPhoneShape(text: string, candidate: { isInternational: boolean; groups: readonly Group[]; isCued?: boolean }): boolean {
  const { groups } = candidate;
  let digits = "";
  for (const group of groups) digits += text.slice(group.digitsStart, group.digitsEnd);
  // "+44 (0)20 ...": the trunk prefix in parentheses is not dialled from abroad.
  const dialled = digits.length - (groups.length > 1 && isTrunkZero(text, groups[1]) ? 1 : 0);
  if (candidate.isInternational) return digits[0] !== "0" && dialled >= 8 && dialled <= 15;
  if (digits.startsWith("00")) return groups.length >= 2 && digits[2] !== "0" && dialled - 2 >= 8 && dialled - 2 <= 15;
  // One run of digits after a word announcing a phone number: 5551234567, 15551234567.
  if (candidate.isCued && groups.length === 1 && digits.length >= 9 && digits.length <= 12) return true;
  if (digits[0] === "0") {
    if (groups.length === 1) return digits.length >= 10 && digits.length <= 12;
    return digits.length >= 9 && digits.length <= 12 && groups.every((group) => length(group) >= 2);
  }
  return NATIONAL_SHAPES.some(
    (shape) =>
      shape.lengths.length === groups.length &&
      shape.lengths.every((expected, index) => length(groups[index]) === expected) &&
      shape.leading.test(digits) &&
      (!shape.isFirstParenthesized || groups[0].isParenthesized),
  );
}

/**
 * Whether the groups open with a date: 2025-03-05, 05.03.2025 and 3/5/2025 (one separator, a
 * year 1900-2099), or 05.03.25 followed by something else than a fourth group joined the same way
 * (05.03.25 10.30 is a date and a time; 06.12.34.56.78 is a French number).
 */
export function startsWithDate(text: string, groups: readonly Group[]): boolean {
  if (groups.length < 3) return false;
  const [first, second, third] = groups;
  if (first.isParenthesized || second.isParenthesized || third.isParenthesized) return false;
  const separator = second.separatorBefore;
  if (separator === SPACE || third.separatorBefore !== separator) return false;
  const value = (group: Group) => Number(text.slice(group.digitsStart, group.digitsEnd));
  const isYear = (group: Group) => length(group) === 4 && value(group) >= 1900 && value(group) <= 2099;
  const isDayOrMonth = (group: Group) => length(group) <= 2 && value(group) >= 1 && value(group) <= 31;
  if (isYear(first) && isDayOrMonth(second) && isDayOrMonth(third)) return true;
  if (!isDayOrMonth(first) || !isDayOrMonth(second)) return false;
  if (isYear(third)) return true;
  return length(third) === 2 && separator !== 0x2d && (groups.length === 3 || groups[3].separatorBefore !== separator);
}
