// Question group: a question's normalised form, so that "where is my order NW-5532?"
// and "Where is my order nw-9921" count together as "where is my order <id>". The text is folded
// (fold-text.ts: case, accents, apostrophes), punctuation is dropped, every word is kept (stop
// words carry meaning: "can I return it" is not "return it"), and the parts that differ from one
// asker to the next become placeholders:
//   <url>    http(s)://... and www.... addresses
//   <email>  e-mail addresses
//   <date>   2024-03-05, 05.03.2024, 5/3/24, "March 5", "5th of March", "5. März", "5 mars 2024",
//            "5 de marzo" (English, German, French and Spanish month names), 3月5日
//   <id>     words mixing letters and digits (NW-5532, A1B2C3, UUIDs, hex ids), runs of 5 or more
//            digits (#100234), phone and card numbers (7 or more digits in groups), IBANs, IP
//            addresses; consecutive ids read as one
//   <num>    other numbers: 3, 12.95, 1,200, 10:30, 5th, 10am, 2kg
//   <name>   a name the privacy feature replaced
// The privacy feature's placeholders read as what they replaced: [EMAIL] as <email>, [PHONE],
// [CARD], [IBAN] and [IP] as <id> (the raw numbers they stand for read as <id> too), [NAME] as
// <name>; so a redacted question groups with the same question asked before redaction, except
// for names, which cannot be recognised in raw text.
// Scripts written without spaces (Japanese, Chinese, Thai, ...) are not split into words: each run
// of their letters is one token, split only at punctuation, digits and other scripts, so
// "ご注文12345はどこですか？" reads "ご注文 <id> はどこですか". Such questions group when their
// text is the same up to punctuation, numbers and ids.
import { foldCharacters, NO_SPACE_SCRIPT_CHARACTER, NO_SPACE_SCRIPT_RUNS } from "./fold-text";

export const PLACEHOLDERS = { url: "<url>", email: "<email>", date: "<date>", id: "<id>", number: "<num>", name: "<name>" } as const;
const PLACEHOLDER_SET: ReadonlySet<string> = new Set(Object.values(PLACEHOLDERS));

/** Only the start of a very long message is read: a question is asked in its first sentences. */
export const QUESTION_READ_MAX_LENGTH = 1_000;
/** A normalised question holds at most this many tokens... */
export const QUESTION_MAX_TOKENS = 64;
/** ...and at most this many UTF-16 units (cut between tokens): it is stored and grouped on. */
export const QUESTION_GROUP_MAX_LENGTH = 200;

const MONTH =
  "(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec" +
  "|januar|februar|marz|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre" +
  "|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)(?!\\p{L})";
const DAY = "\\d{1,2}(?:st|nd|rd|th|er|\\.)?";
const YEAR = "(?:,?\\s+\\d{4}(?!\\d))?";
const WORD_CHARACTER = "[\\p{L}\\p{M}\\p{N}]";

/**
 * The token scanner: at each position the first alternative that matches wins, so the forms made
 * of several words or of punctuation (addresses, dates, phone numbers) come before the plain chunk
 * of letters and digits. Characters no alternative matches (punctuation, symbols) are skipped.
 * No alternative can scan past the token it starts, so a text is scanned in linear time.
 */
const TOKEN = new RegExp(
  [
    /* 1 url */ "((?:https?:\\/\\/|www\\.)\\S+)",
    /* 2 email, tried only where its first part starts */ "((?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+)",
    /* 3 privacy placeholder */ "\\[(email|phone|card|iban|ip|name)\\]",
    /* 4 date */ `(\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}(?!\\d)|\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|\\d{2})(?!\\d)|(?:\\d{1,4}年)?\\d{1,2}月\\d{1,2}日|${DAY}\\s*(?:of\\s+|de\\s+)?${MONTH}${YEAR}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?!\\d)${YEAR})`,
    /* 5 IBAN */ "([a-z]{2}\\d{2}(?=(?:\\s?[a-z]{0,4}\\d){6})(?:\\s?[a-z\\d]{4}){2,7}(?:\\s?[a-z\\d]{1,3})?(?![\\p{L}\\p{N}]))",
    /* 6 phone or card: 7 or more digits in groups */ "((?=[+(]?(?:[ ().-]{0,2}\\d){7})[+(]?\\d(?:[ ().-]{0,2}\\d)*)",
    /* 7 chunk: letters and digits, joined by - _ / or by . , : before a digit */ `(${WORD_CHARACTER}+(?:[-_/]${WORD_CHARACTER}+|[.,:]\\d${WORD_CHARACTER}*)*)`,
  ].join("|"),
  "gu",
);

const PRIVACY_PLACEHOLDERS: Record<string, string> = {
  email: PLACEHOLDERS.email,
  phone: PLACEHOLDERS.id,
  card: PLACEHOLDERS.id,
  iban: PLACEHOLDERS.id,
  ip: PLACEHOLDERS.id,
  name: PLACEHOLDERS.name,
};

const NEEDS_SCANNER = /[^\x00-\x2f\x3a-\x3f\x41-\x5a\x5c-\x7f]|www\.|:\/\//;
const ASCII_WORDS = /[a-z]+/g;
const DIGIT = /\d/;
const DIGITS = /\d/g;
const LETTER = /\p{L}/u;
const WORD_JOINERS = /[-_/.,:]/;
const ONLY_DIGITS = /^\d+$/;
const IP_ADDRESS = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const AMOUNT = /^(?:\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d+)$/;
const NUMBER_WITH_UNIT = /^\d+(?:[.,:]\d+)*\p{L}{1,3}$/u;

/** The tokens of a question: its words, in order, with the placeholders above. */
export function questionTokens(text: string): string[] {
  const folded = foldCharacters(text.length > QUESTION_READ_MAX_LENGTH ? text.slice(0, QUESTION_READ_MAX_LENGTH) : text);
  // Most questions are plain words: without digits, '@', '[', "www." or "://" no placeholder can
  // arise, and in ASCII every run of letters is a word.
  if (!NEEDS_SCANNER.test(folded)) {
    const words = folded.match(ASCII_WORDS) ?? [];
    return words.length > QUESTION_MAX_TOKENS ? words.slice(0, QUESTION_MAX_TOKENS) : words;
  }
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (tokens.length < QUESTION_MAX_TOKENS && (match = TOKEN.exec(folded)) !== null) {
    if (match[1] !== undefined) push(tokens, PLACEHOLDERS.url);
    else if (match[2] !== undefined) push(tokens, PLACEHOLDERS.email);
    else if (match[3] !== undefined) push(tokens, PRIVACY_PLACEHOLDERS[match[3]]);
    else if (match[4] !== undefined) push(tokens, PLACEHOLDERS.date);
    else if (match[5] !== undefined || match[6] !== undefined) push(tokens, PLACEHOLDERS.id);
    else pushChunk(tokens, match[7]);
  }
  return tokens.length > QUESTION_MAX_TOKENS ? tokens.slice(0, QUESTION_MAX_TOKENS) : tokens;
}

/** The question's group key: its tokens joined by spaces, at most QUESTION_GROUP_MAX_LENGTH characters. */
export function normalizeQuestion(text: string): string {
  return groupKey(questionTokens(text));
}

export function groupKey(tokens: readonly string[]): string {
  if (tokens.length === 0) return "";
  let key = tokens[0].length > QUESTION_GROUP_MAX_LENGTH ? cutBetweenCharacters(tokens[0], QUESTION_GROUP_MAX_LENGTH) : tokens[0];
  for (let index = 1; index < tokens.length; index++) {
    const next = `${key} ${tokens[index]}`;
    if (next.length > QUESTION_GROUP_MAX_LENGTH) break;
    key = next;
  }
  return key;
}

/** A first token longer than the whole key (a long run of Japanese, say) is cut, never inside a character. */
function cutBetweenCharacters(text: string, maxLength: number): string {
  let cut = "";
  for (const character of text) {
    if (cut.length + character.length > maxLength) break;
    cut += character;
  }
  return cut;
}

export function isPlaceholder(token: string): boolean {
  return PLACEHOLDER_SET.has(token);
}

/** Consecutive ids read as one: "DE89 3704 0044 0532 0130 00" is one IBAN however it is spaced. */
function push(tokens: string[], token: string): void {
  if (token === PLACEHOLDERS.id && tokens[tokens.length - 1] === PLACEHOLDERS.id) return;
  tokens.push(token);
}

function pushChunk(tokens: string[], chunk: string): void {
  if (NO_SPACE_SCRIPT_CHARACTER.test(chunk)) {
    for (const [run] of chunk.matchAll(NO_SPACE_SCRIPT_RUNS)) {
      if (NO_SPACE_SCRIPT_CHARACTER.test(run)) push(tokens, run);
      else pushChunk(tokens, run);
    }
    return;
  }
  if (!DIGIT.test(chunk)) {
    for (const word of chunk.split(WORD_JOINERS)) if (word !== "") push(tokens, word);
    return;
  }
  push(tokens, LETTER.test(chunk) ? mixedChunk(chunk) : digitChunk(chunk));
}

function mixedChunk(chunk: string): string {
  return NUMBER_WITH_UNIT.test(chunk) ? PLACEHOLDERS.number : PLACEHOLDERS.id;
}

function digitChunk(chunk: string): string {
  if (ONLY_DIGITS.test(chunk)) return chunk.length >= 5 ? PLACEHOLDERS.id : PLACEHOLDERS.number;
  if (IP_ADDRESS.test(chunk)) return PLACEHOLDERS.id;
  if (AMOUNT.test(chunk)) return PLACEHOLDERS.number;
  return (chunk.match(DIGITS)?.length ?? 0) >= 7 ? PLACEHOLDERS.id : PLACEHOLDERS.number;
}
