import "server-only";
import { LRUCache } from "lru-cache";
import { storeQuery, storeTransaction } from "./store-connection";
import { countMatchingPerBucketSql, countMatchingSql, denseSplitOf, scansEveryText, type TranscriptFilter } from "./search-sql";
import { identifier, int, join, sql, toNumber } from "./sql";
import { sharedWork } from "./shared-work";
import { estimatedShareOfTexts } from "./word-index";
import { denseWordDayCountsSql } from "./dense-words";
import { resolveDatabaseUrl } from "@/lib/database-url.mjs";
import type { MatchesInStretch } from "@/lib/transcripts/matches-over-time";
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
//
// Only the days that hold texts are looked at: a day never written has no version row (the
// migration gave every stored day one), no text and so no match, whatever the query. A range may
// reach far past the stored days (up to MAX_RANGE_DAYS), and its empty days cost nothing: no loop
// step, no cache entry, no statement.

/** Entries kept per process (least recently used go first): a day or hour of one query is about 100 bytes. */
const MAX_ENTRIES = 50_000;

interface CachedCount {
  version: string;
  count: number;
}

const globalForCache = globalThis as unknown as { searchDayCounts?: LRUCache<string, CachedCount> };
const cache = (globalForCache.searchDayCounts ??= new LRUCache<string, CachedCount>({ max: MAX_ENTRIES }));
const sharedCount = sharedWork<Map<number, number>>();

/** How many (query, day or hour) counts the process keeps. */
export function cachedSearchCountEntries(): number {
  return cache.size;
}

/**
 * The matches of the filter's search (filter.search must be set) per stretch of its range that can
 * hold any: its whole UTC days, whole hours of the days at its ends, and the partial hours at its
 * very ends, each in a day that holds texts (together they hold every match). A search
 * seen before costs two reads: the day versions, and one count of the partial hours at the ends
 * (under load each read waits its turn in the database's queue, so their number, not only their
 * size, sets a search's latency).
 */
export async function searchMatchesOverTime(filter: TranscriptFilter): Promise<MatchesInStretch[]> {
  const days = rangeCoverage(filter.startMs, filter.endMs, DAY_MS);
  const endDays = days.partial.map((day) => ({ day: day.bucket, hours: rangeCoverage(day.fromMs, day.toMs, HOUR_MS) }));
  const wholeBuckets: WholeBuckets[] = [];
  if (days.whole) wholeBuckets.push({ bucketMs: DAY_MS, ...days.whole });
  for (const { hours } of endDays) if (hours.whole) wholeBuckets.push({ bucketMs: HOUR_MS, ...hours.whole });
  // The versions are read before any bucket is counted: a write committed in between leaves a count
  // newer than the version it is kept under, which only costs a recount; never the reverse.
  const versions = wholeBuckets.length > 0 ? await dayVersions(filter.startMs, filter.endMs) : null;
  const stretches: MatchesInStretch[] = [];
  for (const buckets of wholeBuckets) stretches.push(...(await countWholeBuckets(filter, buckets, versions!)));
  const partialHours = endDays
    .filter(({ day }) => versions === null || versions.has(day))
    .flatMap(({ hours }) => hours.partial.map((piece): TranscriptFilter => ({ ...filter, startMs: piece.fromMs, endMs: piece.toMs })));
  if (partialHours.length > 0) {
    const columns = partialHours.map((piece, index) => sql`(${countMatchingSql(piece)}) AS ${identifier(`n${index}`)}`);
    const [row] = await storeQuery<Record<string, unknown>>(sql`SELECT ${join(columns, ", ")}`, { scansTexts: scansEveryText(filter) });
    partialHours.forEach((piece, index) => stretches.push({ fromMs: piece.startMs, toMs: piece.endMs, count: toNumber(row?.[`n${index}`]) }));
  }
  return stretches;
}

/** How many transcripts match the filter, counted now (nothing cached). */
export async function countMatchesNow(filter: TranscriptFilter): Promise<number> {
  const rows = await storeQuery<{ n: unknown }>(countMatchingSql(filter));
  return toNumber(rows[0]?.n);
}

interface WholeBuckets {
  /** A UTC day or hour. */
  bucketMs: number;
  first: number;
  last: number;
}

/** The version of each day of the range that has one: the days that hold texts. */
async function dayVersions(startMs: number, endMs: number): Promise<Map<number, string>> {
  const rows = await storeQuery<{ day: unknown; version: unknown }>(
    sql`SELECT "day", "version" FROM "TranscriptDayVersion" WHERE "day" BETWEEN ${int(Math.floor(startMs / DAY_MS))} AND ${int(Math.floor(endMs / DAY_MS))}`,
  );
  return new Map(rows.map((row) => [toNumber(row.day), String(row.version)]));
}

/**
 * The matches of the whole UTC days or hours [first, last] that lie in written days (those of
 * `versions`), cached under their day's version; the buckets of the other days hold none and are
 * left out.
 */
async function countWholeBuckets(filter: TranscriptFilter, { bucketMs, first, last }: WholeBuckets, versions: Map<number, string>): Promise<MatchesInStretch[]> {
  const scope = `${resolveDatabaseUrl()}\n${filter.search}\n${bucketMs}:`;
  const stretchOf = (bucket: number, count: number): MatchesInStretch => ({ fromMs: bucket * bucketMs, toMs: (bucket + 1) * bucketMs - 1, count });
  const stretches: MatchesInStretch[] = [];
  // Runs of written buckets with no cached one between them, each counted by one statement.
  const runs: { version: string; bucket: number }[][] = [];
  let run: { version: string; bucket: number }[] | null = null;
  for (const bucket of writtenBuckets(versions, bucketMs, first, last)) {
    const cached = cache.get(scope + bucket.bucket);
    if (cached && cached.version === bucket.version) {
      stretches.push(stretchOf(bucket.bucket, cached.count));
      run = null;
    } else {
      if (!run) runs.push((run = []));
      run.push(bucket);
    }
  }
  for (const stale of runs) {
    const runFirst = stale[0].bucket;
    const runLast = stale[stale.length - 1].bucket;
    // A burst of requests for a word not counted yet (a dashboard opened by many, a refetch on
    // every tab) waits for one count of these days instead of each counting them again.
    const counts = await sharedCount(`${scope}${runFirst}-${runLast}@${stale.map((bucket) => `${bucket.bucket}:${bucket.version}`).join(",")}`, async () => {
      const rows = await countPerBucket({ ...filter, startMs: runFirst * bucketMs, endMs: (runLast + 1) * bucketMs - 1 }, bucketMs);
      return new Map(rows.map((row) => [toNumber(row.bucket), toNumber(row.n)]));
    });
    for (const { bucket, version } of stale) {
      const count = counts.get(bucket) ?? 0;
      cache.set(scope + bucket, { version, count });
      stretches.push(stretchOf(bucket, count));
    }
  }
  return stretches;
}

/** The buckets of bucketMs in [first, last] that lie in the days of `versions`, ascending, with their day's version. */
function writtenBuckets(versions: Map<number, string>, bucketMs: number, first: number, last: number): { bucket: number; version: string }[] {
  const perDay = DAY_MS / bucketMs;
  const buckets: { bucket: number; version: string }[] = [];
  const days = [...versions.keys()].sort((a, b) => a - b);
  for (const day of days) {
    const version = versions.get(day)!;
    for (let bucket = Math.max(first, day * perDay); bucket <= Math.min(last, (day + 1) * perDay - 1); bucket++) buckets.push({ bucket, version });
  }
  return buckets;
}

/**
 * PostgreSQL's word index reads a word's entries over the whole table, then visits only the
 * matches; reading the range in key order tests every text of it. Over two days or more the index
 * costs less unless the word is in a large share of the texts (30 days of 1,000,000 texts: a word
 * in one text of twenty, 140-220 ms against 370 ms; one of six, about even at 400-450 ms; one of
 * two, 560-730 ms against 380 ms), but the planner keeps choosing the key order: it takes a
 * text's test for far cheaper than it is. So such counts choose for themselves, from the
 * planner's own estimate of the word's share, and force the index (bitmap scans only) when it wins.
 * (SQLite's index reads only the range's part of each word's entries: it is always used.)
 */
const INDEX_FORCED_FROM_MS = 2 * DAY_MS;
const INDEX_FORCED_BELOW_SHARE = 0.15;

async function countPerBucket(filter: TranscriptFilter, bucketMs: number): Promise<{ bucket: unknown; n: unknown }[]> {
  // A dense word's whole days are counted already (dense-words.ts); its hours are counted here.
  const ownBit = denseSplitOf(filter)?.ownBit ?? null;
  if (ownBit !== null && bucketMs === DAY_MS) return storeQuery(denseWordDayCountsSql(ownBit, Math.floor(filter.startMs / DAY_MS), Math.floor(filter.endMs / DAY_MS)));
  const statement = countMatchingPerBucketSql(filter, bucketMs);
  if (scansEveryText(filter)) return storeQuery(statement, { scansTexts: true });
  // A word counted from the bits of its dense words leaves the word index only its rarer words.
  if (filter.words?.index !== "gin" || filter.words.dense || filter.endMs - filter.startMs + 1 < INDEX_FORCED_FROM_MS) return storeQuery(statement);
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
