// The text the detectors read: written variants of the characters they look for folded to the plain
// ASCII ones, with a map back to the original text so that a value found in the folded text is
// redacted where it stands in the original. Rules, character by character:
//   - zero-width characters (U+200B-U+200D, U+2060, U+FEFF) and the soft hyphen (U+00AD) are dropped;
//   - dashes (U+2010-U+2015, U+2212 minus, U+FE58, U+FE63, U+FF0D) become '-';
//   - decimal digits of other scripts (Arabic-Indic, Extended Arabic-Indic, Devanagari, Bengali)
//     become ASCII digits;
//   - any other character of the ranges below is folded by Unicode NFKC: fullwidth letters, digits
//     and '＠' (U+FF20), the small '﹫' (U+FE6B), no-break, thin and other spaces become ASCII.
// Texts holding none of these characters, which is nearly all, are read as they are.

/** Every character a rule above changes; a text without one is its own folded text. */
const FOLDED =
  /[\u00A0\u00AD\u0660-\u0669\u06F0-\u06F9\u0966-\u096F\u09E6-\u09EF\u2000-\u200D\u2010-\u2015\u202F\u205F-\u2060\u2212\u3000\uFE50-\uFE6B\uFEFF\uFF01-\uFF5E]/;
const DROPPED = /[\u00AD\u200B-\u200D\u2060\uFEFF]/;
const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/;
/** The zero of each script's decimal digits folded here. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6];

export interface FoldedText {
  text: string;
  /** Where each character of `text` starts in the original. */
  starts: number[];
  /** Where each character of `text` ends in the original. */
  ends: number[];
}

/** The folded text with its map, or null when the text is its own folded text. */
export function foldForDetection(original: string): FoldedText | null {
  if (!FOLDED.test(original)) return null;
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < original.length; index++) {
    const char = original[index];
    const folded = foldChar(char);
    for (let unit = 0; unit < folded.length; unit++) {
      starts.push(index);
      ends.push(index + 1);
    }
    text += folded;
  }
  return { text, starts, ends };
}

function foldChar(char: string): string {
  if (char.charCodeAt(0) < 0xa0 || !FOLDED.test(char)) return char;
  if (DROPPED.test(char)) return "";
  if (DASHES.test(char)) return "-";
  const code = char.charCodeAt(0);
  for (const zero of DIGIT_ZEROS) if (code >= zero && code <= zero + 9) return String(code - zero);
  return char.normalize("NFKC");
}

/** The original span of the folded text's span [start, end). */
export function originalSpan(folded: FoldedText, start: number, end: number): { start: number; end: number } {
  return { start: folded.starts[start], end: folded.ends[end - 1] };
}
