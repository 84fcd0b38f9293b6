import "server-only";
import { isPostgres } from "../db";
import type { StoreExecutor } from "./store-connection";
import { storeQuery } from "./store-connection";
import { join, sql, type Sql } from "./sql";
import { UNLISTED_WORD_ID, queryWords, wordsOf, type QueryWord } from "@/lib/transcripts/search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";

// Both databases find the texts holding a search through an index of their words. SearchWord lists
// every word ever stored. A search looks up, for each of its words, the listed words that can hold
// it; a text is a candidate when it holds one of them for every word of the search. A search that
// is a single word with no separator is then matched exactly (a word holding it is in the text, so
// the text holds it); any other is confirmed by testing the text itself.
//
// PostgreSQL (migration search_word_index): TranscriptText.words holds the ids of its text's words
// (GIN-indexed). Texts marked UNLISTED_WORD_ID hold a word that is not listed (too long) and are
// always tested.
// SQLite (migration sqlite_word_index): the FTS5 table TranscriptWords indexes each text's words,
// and the list holds every word, long ones included. FTS5 keeps only the first FTS5_TOKEN_MAX_BYTES
// of a token, so a search whose listed words include a longer one tests the texts as well.

/**
 * A query word that lies in more listed words than this ("a" at the start of a word, say) narrows
 * nothing worth an index lookup and is left to the test of the text.
 */
const MAX_WORDS_PER_QUERY_WORD = 2000;
const FTS5_TOKEN_MAX_BYTES = 32768;

/** A listed word as the text index knows it: its id on PostgreSQL, the word itself on SQLite. */
export type ListedWord = number | string;

export interface WordMatch {
  /** For each query word that narrows the search, the listed words that can hold it. */
  sets: ListedWord[][];
  /** Whether holding those words proves the text holds the query (PostgreSQL: texts with long words aside). */
  exact: boolean;
}

/**
 * The word index's answer for a folded query, or null when it cannot narrow the search (a query
 * under three characters, only separators, or only words found in too many listed words).
 */
export async function matchWords(query: string): Promise<WordMatch | null> {
  if (characterLength(query) < TRIGRAM_MIN_LENGTH) return null;
  const pg = isPostgres();
  const words = queryWords(query);
  const sets: ListedWord[][] = [];
  let exact = words.length === 1 && !words[0].anchoredStart && !words[0].anchoredEnd;
  for (const word of words) {
    const condition = pg ? postgresListedWords(word) : sqliteListedWords(word);
    if (condition === null) continue;
    const rows = await storeQuery<{ id: number; word: string }>(sql`SELECT "id", "word" FROM "SearchWord" WHERE ${condition} LIMIT ${MAX_WORDS_PER_QUERY_WORD + 1}`);
    if (rows.length > MAX_WORDS_PER_QUERY_WORD) continue;
    if (pg) {
      sets.push([UNLISTED_WORD_ID, ...rows.map((row) => row.id)]);
    } else {
      sets.push(rows.map((row) => row.word));
      if (rows.some((row) => Buffer.byteLength(row.word) >= FTS5_TOKEN_MAX_BYTES)) exact = false;
    }
  }
  if (sets.length === 0) return null;
  return { sets, exact };
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
 * statistics of its most common elements: close for common words, small for rare ones).
 */
export async function estimatedShareOfTexts(match: WordMatch): Promise<number> {
  const [[plan], [all]] = await Promise.all([
    storeQuery<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM "TranscriptText" WHERE ${holdsWords(match)}`),
    storeQuery<{ reltuples: number }>(sql`SELECT reltuples FROM pg_class WHERE oid = '"TranscriptText"'::regclass`),
  ]);
  return all.reltuples > 0 ? Math.min(1, plan["QUERY PLAN"][0].Plan["Plan Rows"] / all.reltuples) : 1;
}

/** PostgreSQL: the condition on TranscriptText (columns "words" and "text") for the texts a match finds. */
export function wordMatchCondition(match: WordMatch, query: string): Sql {
  const tested = match.exact ? sql`(NOT ("words" @> ARRAY[${UNLISTED_WORD_ID}]::integer[]) OR strpos("text", ${query}) > 0)` : sql`strpos("text", ${query}) > 0`;
  return sql`${holdsWords(match)} AND ${tested}`;
}

/** The texts holding, for every query word, one of the listed words that can hold it. */
function holdsWords(match: WordMatch): Sql {
  return join(
    match.sets.map((ids) => sql`"words" && ${ids}::integer[]`),
    " AND ",
  );
}

/**
 * SQLite: an FTS5 query for the texts holding, for every query word, one of the listed words that
 * can hold it; null when a query word lies in no listed word (no text holds the query).
 */
export function ftsWordQuery(match: WordMatch): string | null {
  if (match.sets.some((words) => words.length === 0)) return null;
  return match.sets.map((words) => `(${words.map((word) => `"${String(word).replace(/"/g, '""')}"`).join(" OR ")})`).join(" AND ");
}

/** SQLite: lists the words of the texts that are not listed yet, inside the transaction that stores them. */
export async function listWordsOfTexts(tx: StoreExecutor, texts: readonly string[]): Promise<void> {
  const distinct = new Set<string>();
  for (const text of texts) {
    const { words, longWords } = wordsOf(text);
    for (const word of words) distinct.add(word);
    for (const word of longWords) distinct.add(word);
  }
  if (distinct.size === 0) return;
  await tx.execute(sql`INSERT OR IGNORE INTO "SearchWord" ("word") SELECT "value" FROM json_each(${JSON.stringify([...distinct].sort())})`);
}

/**
 * PostgreSQL: the word ids of each text, listing new words first. Runs inside the transaction that stores the
 * texts, whose lock keeps writers from listing the same word twice.
 */
export async function wordIdsOfTexts(tx: StoreExecutor, texts: readonly string[]): Promise<number[][]> {
  const wordsOfTexts = texts.map(wordsOf);
  const distinct = [...new Set(wordsOfTexts.flatMap((entry) => entry.words))];
  const ids = new Map<string, number>();
  for (let start = 0; start < distinct.length; start += WORD_BATCH_SIZE) {
    const batch = distinct.slice(start, start + WORD_BATCH_SIZE);
    const rows = await tx.query<{ id: number; word: string }>(sql`
      WITH "given" AS (SELECT unnest(${batch}::text[]) AS "word"),
      "added" AS (
        INSERT INTO "SearchWord" ("word") SELECT "word" FROM "given" ORDER BY "word"
        ON CONFLICT ("word") DO NOTHING RETURNING "id", "word"
      )
      SELECT "id", "word" FROM "added"
      UNION ALL
      SELECT w."id", w."word" FROM "SearchWord" w JOIN "given" g ON g."word" = w."word"`);
    for (const row of rows) ids.set(row.word, row.id);
  }
  return wordsOfTexts.map(({ words, longWords }) => {
    const list: number[] = [];
    // A word the database stored differently (a lone UTF-16 surrogate becomes U+FFFD) comes back
    // under another spelling: its text is then marked to be tested directly, like a long word's.
    let unlisted = longWords.length > 0;
    for (const word of words) {
      const id = ids.get(word);
      if (id === undefined) unlisted = true;
      else list.push(id);
    }
    if (unlisted) list.push(UNLISTED_WORD_ID);
    return list;
  });
}

/** Words per statement: one array parameter, so the size is bounded by memory only. */
const WORD_BATCH_SIZE = 20_000;
