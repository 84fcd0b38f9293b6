import { characterLength } from "@/lib/transcripts/search-text";

// The words of a search text, for the word index (sqlite/word-index.ts, postgres/word-index.ts).
// A word is a maximal run of characters other than the separators: every ASCII character that is
// not a letter or a digit. Everything else, non-ASCII included, belongs to words, so the split is
// the same whatever a database's locale (SQLite's FTS5 ascii tokenizer splits exactly here).
//
// If a query occurs in a text, each word of the query lies within a word of the text, and it
// starts (ends) where that word starts (ends) whenever the query has a separator before (after) it.

const WORD = /[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g;

/**
 * PostgreSQL does not keep longer words in its word list: a text holding one is marked
 * (UNLISTED_WORD_ID) and always tested directly, so that a base64 blob or a long URL cannot bloat
 * the list. (SQLite's full-text index holds every word anyway, and its list holds them all too.)
 */
export const MAX_LISTED_WORD_LENGTH = 100;
/** The id marking a text that holds a word not in the list (longer than MAX_LISTED_WORD_LENGTH). */
export const UNLISTED_WORD_ID = 0;
/**
 * A query word that lies in more listed words than this ("a" at the start of a word, say) narrows
 * nothing worth an index lookup and is left to the test of the text.
 */
export const MAX_WORDS_PER_QUERY_WORD = 2000;

/** A word PostgreSQL does not list (see MAX_LISTED_WORD_LENGTH). */
export function isLongWord(word: string): boolean {
  // UTF-16 length bounds the length in characters: only the rare long word needs counting.
  return word.length > MAX_LISTED_WORD_LENGTH && characterLength(word) > MAX_LISTED_WORD_LENGTH;
}

/**
 * The words of many texts: each distinct word once, long ones included, and each text's distinct
 * words, in their order in the text, as positions in that list. The import and seed commands work
 * this out where they prepare the texts, so the thread that stores them only looks the list up.
 */
export interface TextsWords {
  words: string[];
  /** Text i's words are words[positions[k]] for starts[i] <= k < starts[i + 1]. */
  starts: Int32Array<ArrayBuffer>;
  positions: Int32Array<ArrayBuffer>;
}

export function wordsOfTexts(texts: readonly string[]): TextsWords {
  const positionOf = new Map<string, number>();
  const words: string[] = [];
  const starts = new Int32Array(texts.length + 1);
  let positions = new Int32Array(1024);
  // The last text each word was taken for: a word is taken once per text without a set per text.
  let lastText = new Int32Array(1024);
  let count = 0;
  texts.forEach((text, textIndex) => {
    starts[textIndex] = count;
    for (const word of text.match(WORD) ?? []) {
      let position = positionOf.get(word);
      if (position === undefined) {
        position = words.length;
        positionOf.set(word, position);
        words.push(word);
        if (position === lastText.length) lastText = grown(lastText);
        lastText[position] = -1;
      }
      if (lastText[position] === textIndex) continue;
      lastText[position] = textIndex;
      if (count === positions.length) positions = grown(positions);
      positions[count++] = position;
    }
  });
  starts[texts.length] = count;
  return { words, starts, positions: positions.slice(0, count) };
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2);
  larger.set(array);
  return larger;
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
