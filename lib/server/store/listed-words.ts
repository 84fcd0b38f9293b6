import "server-only";
import type { StoreReader } from "./database";
import { sql, type Sql } from "./sql";
import { MAX_WORDS_PER_QUERY_WORD, type QueryWord } from "./search-words";

// Both databases list every word a stored text holds (SearchWord; unlisted-words.ts takes out those
// no text holds any longer) and find, for each word of a query, the listed words that can hold it;
// each looks them up through its own indexes (word-index.ts).

/**
 * The listed words meeting a condition, as `select` reads them (SearchWord's columns, unqualified in
 * the condition); null without a condition, or when too many meet it to narrow anything.
 */
export async function listedWords<Row = { id: number; word: string }>(
  read: StoreReader,
  condition: Sql | null,
  select: Sql = sql`SELECT "id", "word" FROM "SearchWord"`,
): Promise<Row[] | null> {
  if (condition === null) return null;
  const rows = await read<Row>(sql`${select} WHERE ${condition} LIMIT ${MAX_WORDS_PER_QUERY_WORD + 1}`);
  return rows.length > MAX_WORDS_PER_QUERY_WORD ? null : rows;
}

/** A single query word without separators around it: the words holding it prove the match. */
export function isWholeQueryWord(words: QueryWord[]): boolean {
  return words.length === 1 && !words[0].anchoredStart && !words[0].anchoredEnd;
}
