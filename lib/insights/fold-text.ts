// Phrases and questions are compared case- and accent-insensitively. Folding makes two
// spellings of the same words one string: lower case; compatibility forms (full-width letters and
// digits, ligatures) read as their plain forms; the combining diacritical marks (U+0300-U+036F:
// acute, grave, umlaut, cedilla, tilde, breve, ...) are removed from every letter, so "Où" reads
// "ou", "Größe" "große" and "й" "и"; marks outside that block (Japanese voicing marks, Indic
// vowel signs) change meaning and are kept. Apostrophes of every kind are removed, so "didn't",
// "didn’t" and "didnt" are one word (and French "l'agent" is the word "lagent").

const NON_ASCII = /[^\x00-\x7f]/;
const APOSTROPHE = /['’‘ʼ`´]/;
const APOSTROPHES = /['’‘ʼ`´]/g;
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;
const ASCII_SEPARATOR_RUN = /[^a-z0-9]+/g;
/** Anything but letters, digits and the marks that belong to letters separates words. */
const SEPARATOR_RUN = /[^\p{L}\p{N}\p{M}]+/gu;

const NO_SPACE_SCRIPTS = "\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}";
/** A letter of a script written without spaces between words (Japanese, Chinese, Thai, ...). */
export const NO_SPACE_SCRIPT_CHARACTER = new RegExp(`[${NO_SPACE_SCRIPTS}]`, "u");
/** Runs of such letters, and runs of anything else. */
export const NO_SPACE_SCRIPT_RUNS = new RegExp(`[${NO_SPACE_SCRIPTS}]+|[^${NO_SPACE_SCRIPTS}]+`, "gu");

/** Lower case, accents and apostrophes removed, compatibility forms made plain; punctuation kept. */
export function foldCharacters(text: string): string {
  let folded = APOSTROPHE.test(text) ? text.replace(APOSTROPHES, "") : text;
  folded = folded.toLowerCase();
  if (NON_ASCII.test(folded)) folded = folded.normalize("NFKD").replace(COMBINING_DIACRITICS, "").normalize("NFC");
  return folded;
}

/** foldCharacters, then every run of punctuation and spaces as one space, trimmed: "Sorry, I didn’t" → "sorry i didnt". */
export function foldText(text: string): string {
  const folded = foldCharacters(text);
  return (NON_ASCII.test(folded) ? folded.replace(SEPARATOR_RUN, " ") : folded.replace(ASCII_SEPARATOR_RUN, " ")).trim();
}
