// Character classes of the detectors, tested by UTF-16 code unit so that scanning makes no strings.
//
// A "word character" is what may not touch a detected value: ASCII letters, digits and '_', and the
// letters of scripts written with spaces between words (Latin-1 to Armenian, U+00C0-U+052F, less
// × and ÷). Scripts written without spaces (CJK, kana, Thai...) are not word characters, so that
// "電話090-1234-5678です" still yields its number.

export const SPACE = 0x20;
export const PLUS = 0x2b;
export const OPEN_PAREN = 0x28;
export const CLOSE_PAREN = 0x29;
export const DOT = 0x2e;
export const COLON = 0x3a;
export const AT = 0x40;
export const UNDERSCORE = 0x5f;
export const HYPHEN = 0x2d;

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isAsciiLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

export function isHexDigit(code: number): boolean {
  const lower = code | 0x20;
  return isDigit(code) || (lower >= 0x61 && lower <= 0x66);
}

/** Letters of the scripts that separate words by spaces, beyond ASCII. */
export function isSpacedScriptLetter(code: number): boolean {
  return code >= 0xc0 && code <= 0x52f && code !== 0xd7 && code !== 0xf7;
}

export function isWordChar(code: number): boolean {
  return isDigit(code) || isAsciiLetter(code) || code === 0x5f || isSpacedScriptLetter(code);
}

/** The code at `index`, or a space outside the text: the text's edges are boundaries. */
export function codeAt(text: string, index: number): number {
  return index >= 0 && index < text.length ? text.charCodeAt(index) : SPACE;
}

/** The index after the run of word characters starting at `index`. */
export function skipWord(text: string, index: number): number {
  let end = index;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end += 1;
  return end > index ? end : index + 1;
}

/** The index after the run of ASCII digits starting at `index`. */
export function digitRunEnd(text: string, index: number): number {
  let end = index;
  while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
  return end;
}
