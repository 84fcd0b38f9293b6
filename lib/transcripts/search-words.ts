import { characterLength } from "./search-text";

// The words of a search text, for the word index (lib/server/transcripts/word-index.ts).
// A word is a maximal run of characters other than the separators: every ASCII character that is
// not a letter or a digit. Everything else, non-ASCII included, belongs to words, so the split is
// the same in JavaScript and in SQL whatever a database's locale (PostgreSQL's migration that built
// the index split the texts already stored with SEPARATOR_SQL_CLASS; SQLite's FTS5 ascii tokenizer
// splits exactly here).
//
// If a query occurs in a text, each word of the query lies within a word of the text, and it
// starts (ends) where that word starts (ends) whenever the query has a separator before (after) it.

/** The characters between words, as a regular-expression class (JavaScript and PostgreSQL alike). */
export const SEPARATOR_SQL_CLASS = "[\\x01-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7f]";
const WORD = /[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g;

/**
 * PostgreSQL does not keep longer words in its word list: a text holding one is marked
 * (UNLISTED_WORD_ID) and always tested directly, so that a base64 blob or a long URL cannot bloat
 * the list. (SQLite's full-text index holds every word anyway, and its list holds them all too.)
 */
export const MAX_LISTED_WORD_LENGTH = 100;
/** The id marking a text that holds a word not in the list (longer than MAX_LISTED_WORD_LENGTH). */
export const UNLISTED_WORD_ID = 0;

/** The distinct words of a text: those PostgreSQL lists, and the longer ones. */
export function wordsOf(text: string): { words: string[]; longWords: string[] } {
  const words = new Set<string>();
  const longWords = new Set<string>();
  for (const word of text.match(WORD) ?? []) {
    // UTF-16 length bounds the length in characters: only the rare long word needs counting.
    if (word.length > MAX_LISTED_WORD_LENGTH && characterLength(word) > MAX_LISTED_WORD_LENGTH) longWords.add(word);
    else words.add(word);
  }
  return { words: [...words], longWords: [...longWords] };
}

/** The distinct words of many texts, long ones included, as one list (SQLite's word list holds every word). */
export function distinctWordsOf(texts: readonly string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const word of text.match(WORD) ?? []) words.add(word);
  return [...words];
}

export interface QueryWord {
  word: string;
  /** The query has a separator before the word: a word of the text must start with it. */
  anchoredStart: boolean;
  /** The query has a separator after the word: a word of the text must end with it. */
  anchoredEnd: boolean;
}

/** The words of a query, with how each must sit within a word of a matching text. */
export function queryWords(query: string): QueryWord[] {
  return [...query.matchAll(WORD)].map((match) => ({
    word: match[0],
    anchoredStart: match.index > 0,
    anchoredEnd: match.index + match[0].length < query.length,
  }));
}
