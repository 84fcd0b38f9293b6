import "server-only";
import type { PreparedSearch, SearchFilter, StoreReader, TimeRange } from "../database";
import { countPerBucketSql, pageOfKeysSql, plainKeySource, searchesRange, type KeySource, type KeySourceDialect } from "../key-source";
import { int, sql, type Sql } from "../sql";
import { sortKeyRange } from "../sort-key";
import { sqliteDialect } from "./dialect";
import { matchWords, type FtsWordMatch } from "./word-index";

// How SQLite finds the matches of a search: through its word index (word-index.ts) when the words
// narrow it, the texts it finds tested with instr where the index does not prove the match; by
// testing each text of the range otherwise. The index reads only the range's part of each word's
// entries and yields them in key order, so it serves every page.

const { contains } = sqliteDialect;

/**
 * Calls within_budget() (readers.ts) on the rows whose key's last ten bits are 0, about one in 1,024
 * (a key's low bits come from its transcript's id): so a long scan stops at its read budget, for a
 * call per thousand rows tested.
 */
const withinBudget = (key: Sql): Sql => sql`((${key} & 1023) <> 0 OR within_budget())`;

const dialect: KeySourceDialect = { contains, withinBudget };

export async function prepareSqliteSearch(filter: SearchFilter, read: StoreReader): Promise<PreparedSearch> {
  const words = searchesRange(filter) ? await matchWords(filter.search, read) : null;
  const scansEveryText = searchesRange(filter) && words === null;
  const keySource = (range: TimeRange): KeySource =>
    words === null ? plainKeySource(filter, range, dialect) : indexKeySource(filter.search!, words, range);
  return {
    scansEveryText,
    matchingKeysSql: (range, page) =>
      pageOfKeysSql(page.scan === "range" ? plainKeySource(filter, range, dialect) : keySource(range), page),
    countSql: (range) => sql`SELECT count(*) AS "n" ${keySource(range).from}`,
    countPerBucket: (range, bucketMs) => read(countPerBucketSql(keySource(range), bucketMs), { scansTexts: scansEveryText }),
    // FTS5 reads a word's whole list of texts to test one key.
    matchesAmongSql: null,
    pageScan: async () => (words === null ? "range" : "index"),
  };
}

/** The texts of the range the FTS5 query matches, each tested where the match proves nothing. */
function indexKeySource(search: string, words: FtsWordMatch, range: TimeRange): KeySource {
  if (words.query === null) return { key: sql`"sortKey"`, from: sql`FROM "TranscriptText" WHERE 0` };
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const inIndex = sql`"TranscriptWords" MATCH ${words.query} AND "TranscriptWords".rowid BETWEEN ${int(low)} AND ${int(high)} AND ${withinBudget(sql`"TranscriptWords".rowid`)}`;
  if (words.exact) return { key: sql`"TranscriptWords".rowid`, from: sql`FROM "TranscriptWords" WHERE ${inIndex}` };
  return {
    key: sql`"TranscriptWords".rowid`,
    from: sql`FROM "TranscriptWords" JOIN "TranscriptText" x ON x."sortKey" = "TranscriptWords".rowid WHERE ${inIndex} AND ${contains(sql`x."text"`, search)}`,
  };
}
