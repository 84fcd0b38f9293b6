import "server-only";
import { storeQuery, storeTransaction } from "./store-connection";
import { countMatchingPerBucketSql, countMatchingSql, type TranscriptFilter } from "./search-sql";
import { int, sql, toNumber } from "./sql";
import { estimatedShareOfTexts } from "./word-index";
import { resolveDatabaseUrl } from "@/lib/database-url.mjs";
import { DAY_MS, HOUR_MS, rangeCoverage } from "@/lib/transcripts/time-buckets";

// The exact total of a search without reading every text of the range again. A common word over 30
// days matches in hundreds of thousands of texts, and counting them (on PostgreSQL, reading their
// entries in the word index, and the texts themselves for a query of several words) takes a
// noticeable part of a second. Paging through the
// results, refetches and exports ask for the same total again and again. So the matches of each
// whole UTC day are counted once per (query, day) and reused while the day keeps its version
// (TranscriptDayVersion: triggers give a day a new random version whenever a search text of that
// day is written or deleted). The partly covered days at the two ends of the range are counted the
// same way by the hour (under their day's version), so that only the partly covered hours at the
// very ends, and days written since, are counted afresh.

/** Entries kept per process (least recently used go first): a day or hour of one query is about 100 bytes. */
const MAX_ENTRIES = 50_000;

interface CachedCount {
  version: string;
  count: number;
}

const globalForCache = globalThis as unknown as { searchDayCounts?: Map<string, CachedCount> };
const cache = (globalForCache.searchDayCounts ??= new Map());

/** A day never written since the versions began has no row: it is version "0". */
const UNWRITTEN = "0";

/** How many transcripts in the filter's range match its search (filter.search must be set). */
export async function countSearchMatches(filter: TranscriptFilter): Promise<number> {
  const days = rangeCoverage(filter.startMs, filter.endMs, DAY_MS);
  let total = 0;
  if (days.whole) total += await countWholeBuckets(filter, DAY_MS, days.whole.first, days.whole.last);
  for (const day of days.partial) {
    const hours = rangeCoverage(day.fromMs, day.toMs, HOUR_MS);
    if (hours.whole) total += await countWholeBuckets(filter, HOUR_MS, hours.whole.first, hours.whole.last);
    for (const piece of hours.partial) total += await countMatchesNow({ ...filter, startMs: piece.fromMs, endMs: piece.toMs });
  }
  return total;
}

/** How many transcripts match the filter, counted now (nothing cached). */
export async function countMatchesNow(filter: TranscriptFilter): Promise<number> {
  const rows = await storeQuery<{ n: unknown }>(countMatchingSql(filter));
  return toNumber(rows[0]?.n);
}

/** The matches of whole UTC days or hours (`bucketMs`) first to last, cached under their day's version. */
async function countWholeBuckets(filter: TranscriptFilter, bucketMs: number, first: number, last: number): Promise<number> {
  const dayOf = (bucket: number) => Math.floor((bucket * bucketMs) / DAY_MS);
  // The versions are read before any bucket is counted: a write committed in between leaves a count
  // newer than the version it is kept under, which only costs a recount; never the reverse.
  const versionRows = await storeQuery<{ day: unknown; version: unknown }>(
    sql`SELECT "day", "version" FROM "TranscriptDayVersion" WHERE "day" BETWEEN ${int(dayOf(first))} AND ${int(dayOf(last))}`,
  );
  const versions = new Map(versionRows.map((row) => [toNumber(row.day), String(row.version)]));
  const versionOf = (bucket: number) => versions.get(dayOf(bucket)) ?? UNWRITTEN;
  const scope = `${resolveDatabaseUrl()}\n${filter.search}\n${bucketMs}:`;

  let total = 0;
  const stale: number[] = [];
  for (let bucket = first; bucket <= last; bucket += 1) {
    const key = scope + bucket;
    const cached = cache.get(key);
    if (cached && cached.version === versionOf(bucket)) {
      remember(key, cached);
      total += cached.count;
    } else {
      stale.push(bucket);
    }
  }
  for (const run of consecutiveRuns(stale)) {
    const rows = await countPerBucket({ ...filter, startMs: run.first * bucketMs, endMs: (run.last + 1) * bucketMs - 1 }, bucketMs);
    const counts = new Map(rows.map((row) => [toNumber(row.bucket), toNumber(row.n)]));
    for (let bucket = run.first; bucket <= run.last; bucket += 1) {
      const count = counts.get(bucket) ?? 0;
      remember(scope + bucket, { version: versionOf(bucket), count });
      total += count;
    }
  }
  return total;
}

/**
 * PostgreSQL's word index reads a word's entries over the whole table, then visits only the
 * matches; reading the range in key order tests every text of it. Over two days or more the index
 * costs less unless the word is in a large share of the texts (30 days of 1,000,000 texts: a word
 * in one text of twenty, 140-220 ms against 370 ms; one of six, about even at 400-450 ms; one of
 * two, 560-730 ms against 380 ms), but the planner keeps choosing the key order: it takes a
 * text's test for far cheaper than it is. So such counts choose for themselves, from the
 * planner's own estimate of the word's share, and force the index (bitmap scans only) when it wins.
 */
const INDEX_FORCED_FROM_MS = 2 * DAY_MS;
const INDEX_FORCED_BELOW_SHARE = 0.15;

async function countPerBucket(filter: TranscriptFilter, bucketMs: number): Promise<{ bucket: unknown; n: unknown }[]> {
  const statement = countMatchingPerBucketSql(filter, bucketMs);
  if (filter.words === null || filter.endMs - filter.startMs + 1 < INDEX_FORCED_FROM_MS) return storeQuery(statement);
  if ((await estimatedShareOfTexts(filter.words)) >= INDEX_FORCED_BELOW_SHARE) return storeQuery(statement);
  return storeTransaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    // Room for an exact bitmap of a common word's texts (a lossy one retests whole pages), and no
    // compilation of a statement whose cost estimate is only high because of the forced plan.
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    await tx.execute(sql`SET LOCAL jit = off`);
    return tx.query(statement);
  });
}

/** Keeps (or refreshes) an entry as the most recently used. */
function remember(key: string, entry: CachedCount): void {
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** Ascending bucket numbers grouped into runs of consecutive buckets. */
function consecutiveRuns(days: readonly number[]): { first: number; last: number }[] {
  const runs: { first: number; last: number }[] = [];
  for (const day of days) {
    const current = runs.at(-1);
    if (current && current.last === day - 1) current.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs;
}
