import "server-only";
import type { StoreReader, WriteTransaction } from "../database";
import { isWholeQueryWord, listedWords } from "../listed-words";
import { int, sql, type Sql } from "../sql";
import { queryWords, type QueryWord } from "../search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";

// SQLite finds the texts holding a search through the FTS5 table TranscriptWords, which indexes each
// text's words with their positions (its rowid is the sortKey), and lists every word a stored text
// holds, long ones included, in SearchWord with a trigram index of its fragments
// (SearchWordFragments). The candidates of a query of several words hold them one after the other,
// as a phrase: the first word ends a word of the text, the middle ones are whole words, the last one
// starts a word. FTS5 keeps only the first FTS5_TOKEN_MAX_BYTES of a token, so a word whose listed
// words include a longer one is tested too.

/** The most phrases a query of several words is looked up as (see matchPhrase). */
const MAX_PHRASES = 20;
const FTS5_TOKEN_MAX_BYTES = 32768;
/**
 * A query word found in many long listed words (a fragment of pasted blobs, say) would make an FTS5
 * query longer than this; it is left to the test of the text instead.
 */
const MAX_FTS_QUERY_LENGTH = 100_000;

/** The FTS5 query of the texts that can hold the search, or null when no text can. */
export interface FtsWordMatch {
  query: string | null;
  /** Whether matching the query proves the text holds the search. */
  exact: boolean;
}

/**
 * The word index's answer for a folded query, or null when it cannot narrow the search (a query
 * under three characters, only separators, or only words found in too many listed words).
 */
export async function matchWords(query: string, read: StoreReader): Promise<FtsWordMatch | null> {
  if (characterLength(query) < TRIGRAM_MIN_LENGTH) return null;
  const words = queryWords(query);
  if (words.length === 0) return null;
  return words.length === 1 ? matchWord(words[0], read) : matchPhrase(words, read);
}

/** A query of one word: the texts holding one of the listed words that can hold it. */
async function matchWord(word: QueryWord, read: StoreReader): Promise<FtsWordMatch | null> {
  const rows = await listedWords(read, listedWordsHolding(word));
  if (rows === null) return null;
  const query = rows.map((row) => ftsString(row.word)).join(" OR ");
  if (query.length > MAX_FTS_QUERY_LENGTH) return null;
  const exact = isWholeQueryWord([word]) && rows.every((row) => Buffer.byteLength(row.word) < FTS5_TOKEN_MAX_BYTES);
  return { query: rows.length === 0 ? null : query, exact };
}

/**
 * A query of several words: the texts holding them as a phrase. A phrase takes one word per place,
 * so every pair of a listed word that can end the first word and one that can start the last makes
 * a phrase of its own; past MAX_PHRASES the side with more of them is left out (the rest is still a
 * phrase), as is a side whose words cannot be looked up or are too many.
 */
async function matchPhrase(words: QueryWord[], read: StoreReader): Promise<FtsWordMatch | null> {
  const [first, last] = [words[0], words[words.length - 1]];
  const middle = words.slice(1, -1).map((word) => ftsString(word.word));
  // The first word ends a word of the text (or is one, after a separator); the last one starts a
  // word of the text (or is one, before a separator).
  let starts = first.anchoredStart ? [first.word] : ((await listedWords(read, listedWordsHolding(first)))?.map((row) => row.word) ?? null);
  let ends = last.anchoredEnd ? [last.word] : ((await listedWords(read, listedWordsHolding(last)))?.map((row) => row.word) ?? null);
  if (starts?.length === 0 || ends?.length === 0) return { query: null, exact: false };

  const size = (side: string[] | null) => side?.length ?? 1;
  while (size(starts) * size(ends) > MAX_PHRASES) {
    if (size(starts) >= size(ends)) starts = null;
    else ends = null;
  }
  if (!starts && !ends && middle.length === 0) return null;

  const phrases: string[] = [];
  for (const start of starts ?? [null]) {
    for (const end of ends ?? [null]) {
      phrases.push([...(start === null ? [] : [ftsString(start)]), ...middle, ...(end === null ? [] : [ftsString(end)])].join(" + "));
    }
  }
  return { query: phrases.join(" OR "), exact: false };
}

/** An FTS5 string: one token, taken literally (words hold no double quote, an ASCII separator). */
function ftsString(word: string): string {
  return `"${word}"`;
}

/**
 * Which listed words can hold a query word, through the list's indexes: GLOB 'abc*' is a range of
 * the unique index, the trigram index serves '*abc' and '*abc*' for three characters or more, and
 * the index of each word's last two characters '*ab'. Words hold no GLOB wildcards (*, ? and [ are
 * ASCII separators).
 */
function listedWordsHolding({ word, anchoredStart, anchoredEnd }: QueryWord): Sql | null {
  if (anchoredStart && anchoredEnd) return sql`"word" = ${word}`;
  if (anchoredStart) return sql`"word" GLOB ${`${word}*`}`;
  const length = characterLength(word);
  if (length < TRIGRAM_MIN_LENGTH) return anchoredEnd && length === 2 ? sql`substr("word", -2) = ${word}` : null;
  const pattern = anchoredEnd ? `*${word}` : `*${word}*`;
  return sql`"id" IN (SELECT rowid FROM "SearchWordFragments" WHERE "word" GLOB ${pattern})`;
}

/** Lists the words of the texts that are not listed yet, inside the transaction that stores them. */
export async function listWordsOfTexts(tx: WriteTransaction, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  await tx.execute(sql`INSERT OR IGNORE INTO "SearchWord" ("word") SELECT "value" FROM json_each(${JSON.stringify([...words].sort())})`);
}

/** Words per statement of unlistWordsNotHeld: one JSON parameter. */
const UNLIST_BATCH_SIZE = 5000;
/**
 * From this many words to look up, TranscriptWords first merges its segments, by up to
 * MERGE_PAGES_PER_WORD pages a word: a lookup seeks the word in every segment, and the small
 * segments that writes leave (up to `automerge` of each level) multiply its cost.
 */
const MERGE_FROM = 1000;
const MERGE_PAGES_PER_WORD = 2;

/**
 * Unlists the words among `words` that no stored text holds: those TranscriptWords holds in no row.
 * Runs inside the write transaction that deleted or replaced the texts that held them (FTS5 reads
 * its own pending changes). SearchWordFragments has external content: its entries are deleted
 * with the very values they were indexed with, from SearchWord, before the rows themselves. FTS5
 * cuts a query's tokens as it cuts the texts': a word of FTS5_TOKEN_MAX_BYTES or more is held while
 * a text holds one with the same first bytes.
 */
export async function unlistWordsNotHeld(tx: WriteTransaction, words: readonly string[]): Promise<void> {
  if (words.length >= MERGE_FROM) {
    await tx.execute(
      sql`INSERT INTO "TranscriptWords" ("TranscriptWords", rank) VALUES ('merge', ${int(MERGE_PAGES_PER_WORD * words.length)})`,
    );
  }
  for (let start = 0; start < words.length; start += UNLIST_BATCH_SIZE) {
    // Words hold no double quote (an ASCII separator): each is one FTS5 string, taken literally.
    const gone = await tx.query<{ id: number }>(sql`
      SELECT w."id" FROM "SearchWord" w
      WHERE w."word" IN (SELECT "value" FROM json_each(${JSON.stringify(words.slice(start, start + UNLIST_BATCH_SIZE))}))
        AND NOT EXISTS (SELECT 1 FROM "TranscriptWords" WHERE "TranscriptWords" MATCH '"' || w."word" || '"')`);
    if (gone.length === 0) continue;
    const ids = JSON.stringify(gone.map((row) => row.id));
    await tx.execute(sql`
      INSERT INTO "SearchWordFragments" ("SearchWordFragments", rowid, "word")
      SELECT 'delete', "id", "word" FROM "SearchWord" WHERE "id" IN (SELECT "value" FROM json_each(${ids}))`);
    await tx.execute(sql`DELETE FROM "SearchWord" WHERE "id" IN (SELECT "value" FROM json_each(${ids}))`);
  }
}
