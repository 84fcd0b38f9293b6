import "server-only";
import { isPostgres } from "../db";
import type { StoreExecutor } from "./store-connection";
import { storeQuery } from "./store-connection";
import { join, sql, type Sql } from "./sql";
import { MAX_WORDS_PER_QUERY_WORD, UNLISTED_WORD_ID, isLongWord, queryWords, type QueryWord, type TextsWords } from "@/lib/transcripts/search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";
import { denseMasks } from "@/lib/transcripts/dense-words";
import { holdsDenseWords } from "./dense-words";

// Both databases find the texts holding a search through an index of their words. SearchWord lists
// every word ever stored, and a search looks up, for each of its words, the listed words that can
// hold it. A search that is a single word with no separator is then matched exactly (a word holding
// it is in the text, so the text holds it); any other is confirmed by testing the text itself.
//
// PostgreSQL (migration search_word_index): TranscriptText.words holds the ids of its text's words
// (GIN-indexed) but those of its dense (common) words, which its bits hold instead (dense-words.ts),
// and the candidates hold, for every query word, one of the listed words that can hold it: one of
// its dense words by its bit, any other by its id. Texts marked UNLISTED_WORD_ID hold a word that is
// not listed (too long) and are always tested. A single word matched exactly is counted from the
// bits of its dense listed words, and through the index for its others (search-sql.ts); when it is
// a dense word itself, its whole days are read from the counts kept per day (DenseWordDayCount).
// Dense words are left out of the index because they made three quarters of its entries, and
// keeping them cost the import a sixth of its time; a text stored before its word became dense
// keeps that word's id, which only duplicates its bit.
// SQLite (migration sqlite_word_index): the FTS5 table TranscriptWords indexes each text's words
// with their positions, and the list holds every word, long ones included. The candidates of a
// query of several words hold them one after the other, as a phrase: the first word ends a word of
// the text, the middle ones are whole words, the last one starts a word. FTS5 keeps only the first
// FTS5_TOKEN_MAX_BYTES of a token, so a word whose listed words include a longer one is tested too.

/** SQLite: the most phrases a query of several words is looked up as (see matchFtsPhrase). */
const MAX_PHRASES = 20;
const FTS5_TOKEN_MAX_BYTES = 32768;
/**
 * SQLite: a query word found in many long listed words (a fragment of pasted blobs, say) would make
 * an FTS5 query longer than this; it is left to the test of the text instead.
 */
const MAX_FTS_QUERY_LENGTH = 100_000;

export type WordMatch = GinWordMatch | FtsWordMatch;

/** PostgreSQL: for each query word that narrows the search, the listed words that can hold it. */
export interface GinWordMatch {
  index: "gin";
  wordSets: ListedWordSet[];
  /** Whether holding those words proves the text holds the query (texts with long words aside). */
  exact: boolean;
  /** A single word matched exactly, some of whose listed words are dense: how to count it from their bits. */
  dense: DenseSplit | null;
}

/**
 * The listed words that can hold a query word: the ids of those found through the word index (with
 * UNLISTED_WORD_ID), and the masks of the bits of the dense ones (null when none is dense).
 */
export interface ListedWordSet {
  ids: number[];
  denseMasks: bigint[] | null;
}

/** The listed words of a query word split into the dense ones (as masks of their bits) and the others. */
export interface DenseSplit {
  masks: bigint[];
  otherIds: number[];
  /** The bit of the query word itself when it is a dense word whose texts are counted per day (DenseWordDayCount). */
  ownBit: number | null;
}

/** SQLite: the FTS5 query of the texts that can hold the search, or null when no text can. */
export interface FtsWordMatch {
  index: "fts5";
  query: string | null;
  /** Whether matching the query proves the text holds the search. */
  exact: boolean;
}

/**
 * The word index's answer for a folded query, or null when it cannot narrow the search (a query
 * under three characters, only separators, or only words found in too many listed words).
 */
export async function matchWords(query: string): Promise<WordMatch | null> {
  if (characterLength(query) < TRIGRAM_MIN_LENGTH) return null;
  const words = queryWords(query);
  if (words.length === 0) return null;
  return isPostgres() ? matchGin(words) : words.length === 1 ? matchFtsWord(words[0]) : matchFtsPhrase(words);
}

async function matchGin(words: QueryWord[]): Promise<GinWordMatch | null> {
  const wordSets: ListedWordSet[] = [];
  const exact = isWholeQueryWord(words);
  let dense: DenseSplit | null = null;
  for (const word of words) {
    // Each listed word with its dense bit, if it has one, in the same read: under load a search's
    // latency grows with its number of reads.
    const rows = await listedWords<{ id: number; word: string; bit: number | null; dayCounted: boolean | null }>(
      postgresListedWords(word),
      sql`SELECT w."id", w."word", d."bit", d."dayCounted" FROM "SearchWord" w LEFT JOIN "DenseWord" d ON d."wordId" = w."id"`,
    );
    if (rows === null) continue;
    const bits = rows.flatMap((row) => (row.bit === null ? [] : [row.bit]));
    const set: ListedWordSet = {
      ids: [UNLISTED_WORD_ID, ...rows.flatMap((row) => (row.bit === null ? [row.id] : []))],
      denseMasks: bits.length === 0 ? null : denseMasks(bits),
    };
    wordSets.push(set);
    if (exact && set.denseMasks) {
      dense = { masks: set.denseMasks, otherIds: set.ids, ownBit: rows.find((row) => row.word === word.word && row.dayCounted)?.bit ?? null };
    }
  }
  if (wordSets.length === 0) return null;
  return { index: "gin", wordSets, exact, dense };
}

/** SQLite, a query of one word: the texts holding one of the listed words that can hold it. */
async function matchFtsWord(word: QueryWord): Promise<FtsWordMatch | null> {
  const rows = await listedWords(sqliteListedWords(word));
  if (rows === null) return null;
  const query = rows.map((row) => ftsString(row.word)).join(" OR ");
  if (query.length > MAX_FTS_QUERY_LENGTH) return null;
  const exact = isWholeQueryWord([word]) && rows.every((row) => Buffer.byteLength(row.word) < FTS5_TOKEN_MAX_BYTES);
  return { index: "fts5", query: rows.length === 0 ? null : query, exact };
}

/**
 * SQLite, a query of several words: the texts holding them as a phrase. A phrase takes one word per
 * place, so every pair of a listed word that can end the first word and one that can start the last
 * makes a phrase of its own; past MAX_PHRASES the side with more of them is left out (the rest is
 * still a phrase), as is a side whose words cannot be looked up or are too many.
 */
async function matchFtsPhrase(words: QueryWord[]): Promise<FtsWordMatch | null> {
  const [first, last] = [words[0], words[words.length - 1]];
  const middle = words.slice(1, -1).map((word) => ftsString(word.word));
  // The first word ends a word of the text (or is one, after a separator); the last one starts a
  // word of the text (or is one, before a separator).
  let starts = first.anchoredStart ? [first.word] : (await listedWords(sqliteListedWords(first)))?.map((row) => row.word) ?? null;
  let ends = last.anchoredEnd ? [last.word] : (await listedWords(sqliteListedWords(last)))?.map((row) => row.word) ?? null;
  if (starts?.length === 0 || ends?.length === 0) return { index: "fts5", query: null, exact: false };

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
  return { index: "fts5", query: phrases.join(" OR "), exact: false };
}

/** A single query word without separators around it: the words holding it prove the match. */
function isWholeQueryWord(words: QueryWord[]): boolean {
  return words.length === 1 && !words[0].anchoredStart && !words[0].anchoredEnd;
}

/**
 * The listed words meeting a condition, as `select` reads them (SearchWord's columns, unqualified in
 * the condition); null without a condition, or when too many meet it to narrow anything.
 */
async function listedWords<Row = { id: number; word: string }>(condition: Sql | null, select: Sql = sql`SELECT "id", "word" FROM "SearchWord"`): Promise<Row[] | null> {
  if (condition === null) return null;
  const rows = await storeQuery<Row>(sql`${select} WHERE ${condition} LIMIT ${MAX_WORDS_PER_QUERY_WORD + 1}`);
  return rows.length > MAX_WORDS_PER_QUERY_WORD ? null : rows;
}

/** An FTS5 string: one token, taken literally (words hold no double quote, an ASCII separator). */
function ftsString(word: string): string {
  return `"${word}"`;
}

/** PostgreSQL: which listed words can hold a query word, or null when no index can tell cheaply. */
function postgresListedWords({ word, anchoredStart, anchoredEnd }: QueryWord): Sql | null {
  if (anchoredStart && anchoredEnd) return sql`"word" = ${word}`;
  if (anchoredStart) return sql`"word" LIKE ${`${escapeLike(word)}%`}`;
  if (anchoredEnd) return sql`reverse("word") LIKE ${`${escapeLike([...word].reverse().join(""))}%`}`;
  // Inside a word: a trigram search of the list, for three characters or more.
  return characterLength(word) >= TRIGRAM_MIN_LENGTH ? sql`"word" LIKE ${`%${escapeLike(word)}%`}` : null;
}

/**
 * SQLite: the same through its list's indexes: GLOB 'abc*' is a range of the unique index, and the
 * trigram index serves '*abc' and '*abc*' for three characters or more. Words hold no GLOB
 * wildcards (*, ? and [ are ASCII separators).
 */
function sqliteListedWords({ word, anchoredStart, anchoredEnd }: QueryWord): Sql | null {
  if (anchoredStart && anchoredEnd) return sql`"word" = ${word}`;
  if (anchoredStart) return sql`"word" GLOB ${`${word}*`}`;
  if (characterLength(word) < TRIGRAM_MIN_LENGTH) return null;
  const pattern = anchoredEnd ? `*${word}` : `*${word}*`;
  return sql`"id" IN (SELECT rowid FROM "SearchWordFragments" WHERE "word" GLOB ${pattern})`;
}

/** Words hold only letters, digits and non-ASCII characters, but escape LIKE's wildcards anyway. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The planner's estimate of the share of all texts holding a match's words (from the column's
 * statistics of its most common elements: close for common words, small for rare ones). A query
 * word with dense words is common, and is left out of the estimate; 1 when every word has some.
 */
export async function estimatedShareOfTexts(match: GinWordMatch): Promise<number> {
  const indexed = match.wordSets.filter((set) => set.denseMasks === null);
  if (indexed.length === 0) return 1;
  const [[plan], [all]] = await Promise.all([
    storeQuery<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM "TranscriptText" WHERE ${holdsWords(indexed)}`),
    storeQuery<{ reltuples: number }>(sql`SELECT reltuples FROM pg_class WHERE oid = '"TranscriptText"'::regclass`),
  ]);
  return all.reltuples > 0 ? Math.min(1, plan["QUERY PLAN"][0].Plan["Plan Rows"] / all.reltuples) : 1;
}

/** Whether a match tests the bits of dense words: its texts are then read with their bits, as "d". */
export function matchesDenseWords(match: GinWordMatch): boolean {
  return match.wordSets.some((set) => set.denseMasks !== null);
}

/**
 * PostgreSQL: the condition on TranscriptText (columns "words" and "text"), and on its bits as "d"
 * where matchesDenseWords, for the texts a match finds.
 */
export function wordMatchCondition(match: GinWordMatch, query: string): Sql {
  const tested = match.exact ? sql`(NOT ("words" @> ARRAY[${UNLISTED_WORD_ID}]::integer[]) OR strpos("text", ${query}) > 0)` : sql`strpos("text", ${query}) > 0`;
  return sql`${holdsWords(match.wordSets)} AND ${tested}`;
}

/** The texts holding, for every query word, one of the listed words that can hold it. */
function holdsWords(sets: readonly ListedWordSet[]): Sql {
  return join(
    sets.map(({ ids, denseMasks }) => {
      const indexed = sql`"words" && ${ids}::integer[]`;
      return denseMasks ? sql`(${indexed} OR ${holdsDenseWords("d", denseMasks)})` : indexed;
    }),
    " AND ",
  );
}

/** SQLite: lists the words of the texts that are not listed yet, inside the transaction that stores them. */
export async function listWordsOfTexts(tx: StoreExecutor, words: readonly string[]): Promise<void> {
  if (words.length === 0) return;
  await tx.execute(sql`INSERT OR IGNORE INTO "SearchWord" ("word") SELECT "value" FROM json_each(${JSON.stringify([...words].sort())})`);
}

/** PostgreSQL: a text's word ids as stored with it, and its words too long to be listed. */
export interface WordsOfText {
  ids: number[];
  longWords: string[];
}

/** A position of TextsWords.words: a long word, or one the database stored under another spelling. */
const LONG = -1;
const RESPELLED = -2;

/**
 * PostgreSQL: the word ids and long words of each text, listing new words first, with the word of
 * each id and the ids of the words shorter than TRIGRAM_MIN_LENGTH (no search is counted through
 * them). Runs inside the transaction that stores the texts, whose lock keeps writers from listing
 * the same word twice.
 */
export async function wordIdsOfTexts(
  tx: StoreExecutor,
  { words, starts, positions }: TextsWords,
): Promise<{ texts: WordsOfText[]; shortWordIds: Set<number>; wordOfId: Map<number, string> }> {
  const listed = words.filter((word) => !isLongWord(word));
  const ids = new Map<string, number>();
  for (let start = 0; start < listed.length; start += WORD_BATCH_SIZE) {
    // One text of words apart: a space never occurs in a word, and the driver would escape every
    // element of an array.
    const batch = listed.slice(start, start + WORD_BATCH_SIZE).join(" ");
    const rows = await tx.query<{ id: number; word: string }>(sql`
      WITH "given" AS (SELECT unnest(string_to_array(${batch}, ' ')) AS "word"),
      "added" AS (
        INSERT INTO "SearchWord" ("word") SELECT "word" FROM "given" ORDER BY "word"
        ON CONFLICT ("word") DO NOTHING RETURNING "id", "word"
      )
      SELECT "id", "word" FROM "added"
      UNION ALL
      SELECT w."id", w."word" FROM "SearchWord" w JOIN "given" g ON g."word" = w."word"`);
    for (const row of rows) ids.set(row.word, row.id);
  }
  const shortWordIds = new Set<number>();
  const wordOfId = new Map<number, string>();
  for (const [word, id] of ids) {
    wordOfId.set(id, word);
    if (characterLength(word) < TRIGRAM_MIN_LENGTH) shortWordIds.add(id);
  }
  // A word the database stored differently (stored text is well-formed, but should any character
  // still change on its way in) comes back under another spelling: its texts are then marked to be
  // tested directly, like a long word's, rather than lose the match.
  const idOfPosition = Int32Array.from(words, (word) => (isLongWord(word) ? LONG : (ids.get(word) ?? RESPELLED)));
  const texts: WordsOfText[] = [];
  for (let text = 0; text + 1 < starts.length; text++) {
    const list: number[] = [];
    const longWords: string[] = [];
    let unlisted = false;
    for (let k = starts[text]; k < starts[text + 1]; k++) {
      const id = idOfPosition[positions[k]];
      if (id >= 0) list.push(id);
      else {
        unlisted = true;
        if (id === LONG) longWords.push(words[positions[k]]);
      }
    }
    if (unlisted) list.push(UNLISTED_WORD_ID);
    texts.push({ ids: list, longWords });
  }
  return { texts, shortWordIds, wordOfId };
}

/** Words per statement: one text parameter, so the size is bounded by memory only. */
const WORD_BATCH_SIZE = 20_000;
