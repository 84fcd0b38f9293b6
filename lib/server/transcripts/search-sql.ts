import "server-only";
import { isPostgres } from "../db";
import { int, join, sql, type Sql } from "./sql";
import { holdsDenseWords } from "./dense-words";
import { SORT_KEY_SPREAD, sortKeyRange } from "@/lib/transcripts/sort-key";
import { matchesDenseWords, wordMatchCondition, type DenseSplit, type WordMatch } from "./word-index";
import { UNLISTED_WORD_ID } from "@/lib/transcripts/search-words";

// The one place where the two databases' SQL differs: how transcripts matching a search are found.
// Both match the lower-cased query as a substring of the lower-cased TranscriptText.text (migration
// transcript_text), through their word index (word-index.ts: the texts holding words that can hold
// the query's words, tested with strpos / instr where that does not prove a match): on PostgreSQL
// a GIN index of each text's word ids (its common words as bits beside it), on SQLite the FTS5
// table TranscriptWords, whose rowid is the sortKey. Queries under 3 characters, or made of words
// that narrow nothing, test the text of each transcript of the range (instr / strpos), with the
// same meaning.
//
// On PostgreSQL a page of results reads the range in key order when the matches are dense enough
// that walking to the page passes few texts, and uses the word index otherwise (list-transcripts.ts).
// Counts give the planner the word index's condition whenever it narrows the search, and force
// its use for sparse words over longer ranges (search-count-cache.ts); a single word that is
// common is counted from the bits of the dense words instead, and a dense word's whole days from the
// counts kept per day (dense-words.ts).

export interface TranscriptFilter {
  startMs: number;
  endMs: number;
  /** Folded by normalizeSearchQuery; null for no search. */
  search: string | null;
  sessionId: string | null;
  /** What the word index finds for the search; null where it cannot narrow it. */
  words: WordMatch | null;
}

interface KeySource {
  /** The column holding the sort key in `from`. */
  key: Sql;
  /** FROM ... WHERE ... selecting the matching transcripts. */
  from: Sql;
}

/**
 * Whether finding the filter's matches tests the text of every transcript of its range, the word
 * index narrowing nothing: such reads are marked (ReadOptions.scansTexts in store-connection.ts).
 */
export function scansEveryText(filter: TranscriptFilter): boolean {
  return filter.search !== null && filter.sessionId === null && filter.words === null;
}

/** How the matches are found: through the word index, or by reading the range. */
export type TextScan = "index" | "range";

function keySource(filter: TranscriptFilter, scan: TextScan): KeySource {
  const { low, high } = sortKeyRange(filter.startMs, filter.endMs);
  const pg = isPostgres();
  const contains = (column: Sql, query: string) => (pg ? sql`strpos(${column}, ${query}) > 0` : sql`instr(${column}, ${query}) > 0`);

  if (filter.sessionId !== null) {
    // A session holds few transcripts: its index narrows the range, and the text is tested directly.
    const inRange = sql`t."sessionId" = ${filter.sessionId} AND t."sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
    if (filter.search === null) return { key: sql`t."sortKey"`, from: sql`FROM "Transcript" t WHERE ${inRange}` };
    return {
      key: sql`t."sortKey"`,
      from: sql`FROM "Transcript" t JOIN "TranscriptText" x ON x."sortKey" = t."sortKey" WHERE ${inRange} AND ${contains(sql`x."text"`, filter.search)}`,
    };
  }
  const inRange = sql`"sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
  if (filter.search === null) return { key: sql`"sortKey"`, from: sql`FROM "Transcript" WHERE ${inRange}` };
  if (filter.words === null || scan === "range") {
    return { key: sql`"sortKey"`, from: sql`FROM "TranscriptText" WHERE ${inRange} AND ${contains(sql`"text"`, filter.search)}` };
  }
  if (filter.words.index === "gin") {
    // Every text has its row of bits; joined by USING, "sortKey" names the key of both.
    const texts = matchesDenseWords(filter.words) ? sql`"TranscriptText" JOIN "TranscriptDenseWords" d USING ("sortKey")` : sql`"TranscriptText"`;
    return { key: sql`"sortKey"`, from: sql`FROM ${texts} WHERE ${inRange} AND ${wordMatchCondition(filter.words, filter.search)}` };
  }
  if (filter.words.query === null) return { key: sql`"sortKey"`, from: sql`FROM "TranscriptText" WHERE 0` };
  const inIndex = sql`"TranscriptWords" MATCH ${filter.words.query} AND "TranscriptWords".rowid BETWEEN ${int(low)} AND ${int(high)}`;
  if (filter.words.exact) return { key: sql`"TranscriptWords".rowid`, from: sql`FROM "TranscriptWords" WHERE ${inIndex}` };
  return {
    key: sql`"TranscriptWords".rowid`,
    from: sql`FROM "TranscriptWords" JOIN "TranscriptText" x ON x."sortKey" = "TranscriptWords".rowid WHERE ${inIndex} AND ${contains(sql`x."text"`, filter.search)}`,
  };
}

/** SELECT of one page of matching sort keys, in the given direction. */
export function matchingKeysSql(filter: TranscriptFilter, page: { descending: boolean; limit: number; offset: number; scan: TextScan }): Sql {
  const { key, from } = keySource(filter, page.scan);
  const direction = page.descending ? sql`DESC` : sql`ASC`;
  return sql`SELECT ${key} AS "sortKey" ${from} ORDER BY ${key} ${direction} LIMIT ${int(page.limit)} OFFSET ${int(page.offset)}`;
}

/**
 * PostgreSQL, counting a single word some of whose listed words are dense (dense-words.ts): the
 * texts holding one of those, found from their bits alone, and apart from them the texts holding
 * only its other listed words (or unlisted long words), found through the word index. Exact: a
 * text holding a listed word that holds the query holds the query.
 */
function denseCountSources(filter: TranscriptFilter, split: DenseSplit, query: string): [KeySource, KeySource] {
  const { low, high } = sortKeyRange(filter.startMs, filter.endMs);
  const holdsDense = holdsDenseWords("d", split.masks);
  const dense = { key: sql`d."sortKey"`, from: sql`FROM "TranscriptDenseWords" d WHERE d."sortKey" BETWEEN ${int(low)} AND ${int(high)} AND ${holdsDense}` };
  const others = {
    key: sql`t."sortKey"`,
    from: sql`FROM "TranscriptText" t LEFT JOIN "TranscriptDenseWords" d ON d."sortKey" = t."sortKey"
      WHERE t."sortKey" BETWEEN ${int(low)} AND ${int(high)} AND t."words" && ${split.otherIds}::integer[]
        AND (NOT (t."words" @> ARRAY[${UNLISTED_WORD_ID}]::integer[]) OR strpos(t."text", ${query}) > 0)
        AND NOT coalesce(${holdsDense}, false)`,
  };
  return [dense, others];
}

/** The dense split of a filter's count, when its search is one counted from dense words. */
export function denseSplitOf(filter: TranscriptFilter): DenseSplit | null {
  return filter.sessionId === null && filter.search !== null && filter.words?.index === "gin" ? filter.words.dense : null;
}

/** SELECT count(*) AS "n" of the matching transcripts. */
export function countMatchingSql(filter: TranscriptFilter): Sql {
  const split = denseSplitOf(filter);
  if (split) {
    const [dense, others] = denseCountSources(filter, split, filter.search!);
    return sql`SELECT (SELECT count(*) ${dense.from}) + (SELECT count(*) ${others.from}) AS "n"`;
  }
  return sql`SELECT count(*) AS "n" ${keySource(filter, "index").from}`;
}

/**
 * SELECT "bucket", count(*) AS "n" of the matching transcripts per UTC bucket of `bucketMs` (a day
 * or an hour: bucket = floor(createdAt / bucketMs) = floor(sortKey / (bucketMs * SORT_KEY_SPREAD))).
 */
export function countMatchingPerBucketSql(filter: TranscriptFilter, bucketMs: number): Sql {
  const divisor = int(bucketMs * SORT_KEY_SPREAD);
  const split = denseSplitOf(filter);
  if (split) {
    const parts = denseCountSources(filter, split, filter.search!).map(({ key, from }) => sql`SELECT ${key} / ${divisor} AS "bucket", count(*) AS "n" ${from} GROUP BY 1`);
    return sql`SELECT "bucket", sum("n") AS "n" FROM (${join(parts, " UNION ALL ")}) AS "parts" GROUP BY 1`;
  }
  const { key, from } = keySource(filter, "index");
  return sql`SELECT ${key} / ${divisor} AS "bucket", count(*) AS "n" ${from} GROUP BY 1`;
}
