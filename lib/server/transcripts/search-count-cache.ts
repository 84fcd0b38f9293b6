import "server-only";
import { storeQuery, storeTransaction } from "./store-connection";
import { countMatchingPerBucketSql, countMatchingSql, denseSplitOf, type TranscriptFilter } from "./search-sql";
import { identifier, int, join, sql, toNumber } from "./sql";
import { sharedWork } from "./shared-work";
import { RecentlyUsedMap } from "../recently-used-map";
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

/** Entries kept per process (least recently used go first): a day or hour of one query is about 100 bytes. */
const MAX_ENTRIES = 50_000;

interface CachedCount {
  version: string;
  count: number;
}

const globalForCache = globalThis as unknown as { searchDayCounts?: RecentlyUsedMap<string, CachedCount> };
const cache = (globalForCache.searchDayCounts ??= new RecentlyUsedMap(MAX_ENTRIES));
const sharedCount = sharedWork<Map<number, number>>();

/** A day never written since the versions began has no row: it is version "0". */
const UNWRITTEN = "0";

/**
 * The matches of the filter's search (filter.search must be set) per stretch of its range: whole
 * UTC days, whole hours of the days at its ends, and the partial hours at its very ends. A search
 * seen before costs two reads: the day versions, and one count of the partial hours at the ends
 * (under load each read waits its turn in the database's queue, so their number, not only their
 * size, sets a search's latency).
 */
export async function searchMatchesOverTime(filter: TranscriptFilter): Promise<MatchesInStretch[]> {
  const days = rangeCoverage(filter.startMs, filter.endMs, DAY_MS);
  const wholeBuckets: WholeBuckets[] = [];
  const partialHours: TranscriptFilter[] = [];
  if (days.whole) wholeBuckets.push({ bucketMs: DAY_MS, ...days.whole });
  for (const day of days.partial) {
    const hours = rangeCoverage(day.fromMs, day.toMs, HOUR_MS);
    if (hours.whole) wholeBuckets.push({ bucketMs: HOUR_MS, ...hours.whole });
    for (const piece of hours.partial) partialHours.push({ ...filter, startMs: piece.fromMs, endMs: piece.toMs });
  }
  // The versions are read before any bucket is counted: a write committed in between leaves a count
  // newer than the version it is kept under, which only costs a recount; never the reverse.
  const versions = wholeBuckets.length > 0 ? await dayVersions(filter.startMs, filter.endMs) : new Map<number, string>();
  const stretches: MatchesInStretch[] = [];
  for (const buckets of wholeBuckets) stretches.push(...(await countWholeBuckets(filter, buckets, versions)));
  if (partialHours.length > 0) {
    const columns = partialHours.map((piece, index) => sql`(${countMatchingSql(piece)}) AS ${identifier(`n${index}`)}`);
    const [row] = await storeQuery<Record<string, unknown>>(sql`SELECT ${join(columns, ", ")}`);
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

/** The version of each day of the range that has one (UNWRITTEN otherwise). */
async function dayVersions(startMs: number, endMs: number): Promise<Map<number, string>> {
  const rows = await storeQuery<{ day: unknown; version: unknown }>(
    sql`SELECT "day", "version" FROM "TranscriptDayVersion" WHERE "day" BETWEEN ${int(Math.floor(startMs / DAY_MS))} AND ${int(Math.floor(endMs / DAY_MS))}`,
  );
  return new Map(rows.map((row) => [toNumber(row.day), String(row.version)]));
}

/** The matches of whole UTC days or hours, cached under their day's version. */
async function countWholeBuckets(filter: TranscriptFilter, { bucketMs, first, last }: WholeBuckets, versions: Map<number, string>): Promise<MatchesInStretch[]> {
  const versionOf = (bucket: number) => versions.get(Math.floor((bucket * bucketMs) / DAY_MS)) ?? UNWRITTEN;
  const scope = `${resolveDatabaseUrl()}\n${filter.search}\n${bucketMs}:`;

  const stretchOf = (bucket: number, count: number): MatchesInStretch => ({ fromMs: bucket * bucketMs, toMs: (bucket + 1) * bucketMs - 1, count });
  const stretches: MatchesInStretch[] = [];
  const stale: number[] = [];
  for (let bucket = first; bucket <= last; bucket += 1) {
    const key = scope + bucket;
    const cached = cache.get(key);
    if (cached && cached.version === versionOf(bucket)) {
      cache.remember(key, cached);
      stretches.push(stretchOf(bucket, cached.count));
    } else {
      stale.push(bucket);
    }
  }
  for (const run of consecutiveRuns(stale)) {
    const versionsOfRun = Array.from({ length: run.last - run.first + 1 }, (_, index) => versionOf(run.first + index)).join(",");
    // A burst of requests for a word not counted yet (a dashboard opened by many, a refetch on
    // every tab) waits for one count of these days instead of each counting them again.
    const counts = await sharedCount(`${scope}${run.first}-${run.last}@${versionsOfRun}`, async () => {
      const rows = await countPerBucket({ ...filter, startMs: run.first * bucketMs, endMs: (run.last + 1) * bucketMs - 1 }, bucketMs);
      return new Map(rows.map((row) => [toNumber(row.bucket), toNumber(row.n)]));
    });
    for (let bucket = run.first; bucket <= run.last; bucket += 1) {
      const count = counts.get(bucket) ?? 0;
      cache.remember(scope + bucket, { version: versionOf(bucket), count });
      stretches.push(stretchOf(bucket, count));
    }
  }
  return stretches;
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

/** Ascending bucket numbers grouped into runs of consecutive buckets. */
function consecutiveRuns(buckets: readonly number[]): { first: number; last: number }[] {
  const runs: { first: number; last: number }[] = [];
  for (const bucket of buckets) {
    const current = runs.at(-1);
    if (current && current.last === bucket - 1) current.last = bucket;
    else runs.push({ first: bucket, last: bucket });
  }
  return runs;
}
