// IBANs: a country code with the length of that country's IBAN (the SWIFT IBAN registry), two check
// digits, letters and digits, passing the ISO 13616 mod-97 check; written compactly or in the print
// form's groups of four separated by single spaces or dashes, in either case.
import { codeAt, isAsciiLetter, isDigit, isWordChar } from "./characters";

const LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

export interface IbanCandidate {
  end: number;
  /** It passes the mod-97 check; one that does not is skipped whole, not read again as a card number. */
  isValid: boolean;
}

/** The text shaped like an IBAN at `start` (two letters at a word boundary, two digits...), or null. */
export function ibanAt(text: string, start: number): IbanCandidate | null {
  const length = LENGTHS[text.slice(start, start + 2).toUpperCase()];
  if (length === undefined || !isDigit(codeAt(text, start + 2)) || !isDigit(codeAt(text, start + 3))) return null;
  let characters = "";
  let position = start;
  while (characters.length < length) {
    // The text's own character: past its end there is nothing more to read (codeAt would say space).
    const code = text.charCodeAt(position);
    if (isDigit(code) || isAsciiLetter(code)) {
      characters += text[position];
      position += 1;
    } else if (
      (code === 0x20 || code === 0x2d) &&
      characters.length % 4 === 0 &&
      position > start &&
      isAlphanumeric(text.charCodeAt(position - 1))
    ) {
      position += 1;
    } else {
      return null;
    }
  }
  if (isWordChar(codeAt(text, position))) return null;
  return { end: position, isValid: isValidIban(characters) };
}

function isAlphanumeric(code: number): boolean {
  return isDigit(code) || isAsciiLetter(code);
}

/** Mod-97 of the IBAN with its first four characters moved to the end and letters as 10-35. */
export function isValidIban(compact: string): boolean {
  const iban = compact.toUpperCase();
  if (LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (let index = 0; index < rearranged.length; index++) {
    const code = rearranged.charCodeAt(index);
    if (isDigit(code)) remainder = (remainder * 10 + (code - 0x30)) % 97;
    else if (isAsciiLetter(code)) remainder = (remainder * 100 + ((code | 0x20) - 0x61 + 10)) % 97;
    else return false;
  }
  return remainder === 1;
}
