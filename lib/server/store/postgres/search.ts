import "server-only";
import { postgresDialect } from "./dialect";
import type { PreparedSearch, SearchFilter, StoreReader, TimeRange } from "../database";
import { countPerBucketSql, pageOfKeysSql, plainKeySource, searchesRange, type KeySource, type KeySourceDialect } from "../key-source";
import { countInRangeSql } from "../slot-counts";
import { int, join, sql, toNumber, type Sql } from "../sql";
import { sortKeyRange } from "../sort-key";
import { UNLISTED_WORD_ID } from "../search-words";
import { EARLIEST_INSTANT_MS, LATEST_INSTANT_MS } from "@/lib/transcripts/instant";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { denseWordDayCountsSql } from "./dense-day-counts";
import { holdsDenseWords } from "./dense-columns";
import { matchesDenseWords, matchWords, wordMatchCondition, type DenseSplit, type GinWordMatch } from "./word-index";

// How PostgreSQL finds the matches of a search: through its word index (word-index.ts) when the
// words narrow it, by testing each text of the range with strpos otherwise. A page of results reads
// the range in key order when the matches are dense enough that walking to the page passes few
// texts, and uses the word index otherwise (pageScan). A single word that is common is counted from
// the bits of the dense words (dense-words.ts), and a dense word's whole days from the counts kept
// per day (dense-day-counts.ts).

/** statement_timeout stops a read at its budget. */
const dialect: KeySourceDialect = { contains: postgresDialect.contains, withinBudget: () => null };

export async function preparePostgresSearch(filter: SearchFilter, read: StoreReader): Promise<PreparedSearch> {
  const words = searchesRange(filter) ? await matchWords(filter.search, read) : null;
  const scansEveryText = searchesRange(filter) && words === null;
  const keySource = (range: TimeRange): KeySource =>
    words === null ? plainKeySource(filter, range, dialect) : indexKeySource(filter.search!, words, range);
  // A single word counted from the bits of its dense words, apart from its other listed words.
  const split = words?.dense ?? null;

  const countPerBucket = async (range: TimeRange, bucketMs: number): Promise<{ bucket: unknown; n: unknown }[]> => {
    // A dense word's whole days are counted already; its hours are counted here.
    if (split?.ownBit != null && bucketMs === DAY_MS) {
      return read(denseWordDayCountsSql(split.ownBit, Math.floor(range.startMs / DAY_MS), Math.floor(range.endMs / DAY_MS)));
    }
    const statement = split
      ? sql`SELECT "bucket", sum("n") AS "n" FROM (${join(
          denseCountSources(split, filter.search!, range).map((source) => countPerBucketSql(source, bucketMs)),
          " UNION ALL ",
        )}) AS "parts" GROUP BY 1`
      : countPerBucketSql(keySource(range), bucketMs);
    return read(statement, { scansTexts: scansEveryText });
  };

  return {
    scansEveryText,
    matchingKeysSql: (range, page) =>
      pageOfKeysSql(page.scan === "range" ? plainKeySource(filter, range, dialect) : keySource(range), page),
    countSql(range) {
      if (!split) return sql`SELECT count(*) AS "n" ${keySource(range).from}`;
      const [dense, others] = denseCountSources(split, filter.search!, range);
      return sql`SELECT (SELECT count(*) ${dense.from}) + (SELECT count(*) ${others.from}) AS "n"`;
    },
    countPerBucket,
    matchesAmongSql: split ? (range, keys, isKey) => denseMatchesAmongSql(split, filter.search!, range, keys, isKey) : null,
    pageScan: (range, passed, matches) => pageScan(read, words, range, passed, matches),
  };
}

/** The texts of the range holding the match's words, tested where holding them proves nothing. */
function indexKeySource(search: string, words: GinWordMatch, range: TimeRange): KeySource {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  // Every text has its row of bits; joined by USING, "sortKey" names the key of both.
  const texts = matchesDenseWords(words) ? sql`"TranscriptText" JOIN "TranscriptDenseWords" d USING ("sortKey")` : sql`"TranscriptText"`;
  return {
    key: sql`"sortKey"`,
    from: sql`FROM ${texts} WHERE "sortKey" BETWEEN ${int(low)} AND ${int(high)} AND ${wordMatchCondition(words, search)}`,
  };
}

/**
 * Counting a single word some of whose listed words are dense: the texts holding one of those,
 * found from their bits alone, and apart from them the texts holding only its other listed words
 * (or unlisted long words), found through the word index. Exact: a text holding a listed word that
 * holds the query holds the query.
 */
function denseCountSources(split: DenseSplit, query: string, range: TimeRange): [KeySource, KeySource] {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const holdsDense = holdsDenseWords("d", split.masks);
  const dense = {
    key: sql`d."sortKey"`,
    from: sql`FROM "TranscriptDenseWords" d WHERE d."sortKey" BETWEEN ${int(low)} AND ${int(high)} AND ${holdsDense}`,
  };
  const others = {
    key: sql`t."sortKey"`,
    from: sql`FROM "TranscriptText" t LEFT JOIN "TranscriptDenseWords" d ON d."sortKey" = t."sortKey"
      WHERE t."sortKey" BETWEEN ${int(low)} AND ${int(high)} AND t."words" && ${split.otherIds}::integer[]
        AND (NOT (t."words" @> ARRAY[${UNLISTED_WORD_ID}]::integer[]) OR strpos(t."text", ${query}) > 0)
        AND NOT coalesce(${holdsDense}, false)`,
  };
  return [dense, others];
}

/**
 * The matches of a single word with dense listed words among `keys`: the keys holding one of their
 * bits, each looked up in the index of bits (which holds them), and apart from those the texts
 * holding only its other listed words that are keys. A scalar subquery per key keeps the lookups:
 * as a join, the planner would read the bits of every text of the table.
 */
function denseMatchesAmongSql(split: DenseSplit, query: string, range: TimeRange, keys: Sql, isKey: (key: Sql) => Sql): Sql {
  const [, others] = denseCountSources(split, query, range);
  const bitsOfKey = sql`SELECT ${holdsDenseWords("d", split.masks)} FROM "TranscriptDenseWords" d WHERE d."sortKey" = k."sortKey"`;
  return sql`SELECT (SELECT count(*) FROM (${keys}) k WHERE (${bitsOfKey})) + (SELECT count(*) ${others.from} AND ${isKey(others.key)}) AS "n"`;
}

/**
 * Whether a page of results is found by reading the range in key order (from the nearer end,
 * passing `passed` matches, each text tested) or through the word index, which finds every match of
 * the whole table and then orders them: dense matches favour the walk (the first pages of a common
 * word are a few dozen texts away).
 */
async function pageScan(
  read: StoreReader,
  words: GinWordMatch | null,
  range: TimeRange,
  passed: number,
  matches: number,
): Promise<"index" | "range"> {
  if (words === null) return "range";
  // The word index holds no dense word: where every query word has some, it narrows nothing alone.
  if (words.wordSets.every((set) => set.denseMasks !== null)) return "range";
  const [inRange, inTable] = await Promise.all([
    read<{ n: unknown }>(countInRangeSql(range.startMs, range.endMs)).then(([row]) => toNumber(row?.n)),
    read<{ n: unknown }>(countInRangeSql(EARLIEST_INSTANT_MS, LATEST_INSTANT_MS)).then(([row]) => toNumber(row?.n)),
  ]);
  const rangeTexts = (passed * inRange) / matches;
  const indexTexts = matches * (inTable / Math.max(inRange, 1));
  return indexTexts < rangeTexts ? "index" : "range";
}
