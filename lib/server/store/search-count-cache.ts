import "server-only";
import { LRUCache } from "lru-cache";
import { storeRead } from "./active-database";
import type { PreparedSearch, TimeRange } from "./database";
import { int, sql, toNumber } from "./sql";
import { countsInRanges } from "./count-in-range";
import { sharedWork } from "./shared-work";
import type { MatchesInStretch } from "./matches-over-time";
import { resolveDatabaseUrl } from "@/lib/database-url.mjs";
import { DAY_MS, HOUR_MS, rangeCoverage } from "@/lib/transcripts/time-buckets";

// The exact total of a search without reading every text of the range again: a common word over a
// month matches in hundreds of thousands of texts, and paging through the results, refetches and
// exports ask for the same total again and again. So the matches of each whole UTC day are counted
// once per (query, day) and reused while the day keeps its version (TranscriptDayVersion: triggers
// give a day a new random version whenever a search text of that day is written or deleted). The
// partly covered days at the two ends of the range are counted the same way by the hour (under
// their day's version), so that only the partly covered hours at the very ends, and days written
// since, are counted afresh.
//
// Only the days that hold texts are looked at: a day never written has no version row, no text and
// so no match, whatever the query. A range may reach far past the stored days (up to
// MAX_RANGE_DAYS), and its empty days cost nothing: no loop step, no cache entry, no statement.

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
 * The matches of a search of the whole range (`query`, prepared as `search`) per stretch of the range that can
 * hold any: its whole UTC days, whole hours of the days at its ends, and the partial hours at its
 * very ends, each in a day that holds texts (together they hold every match). A search
 * seen before costs two reads: the day versions, and one count of the partial hours at the ends
 * (under load each read waits its turn in the database's queue, so their number, not only their
 * size, sets a search's latency).
 */
export async function searchMatchesOverTime(query: string, search: PreparedSearch, range: TimeRange): Promise<MatchesInStretch[]> {
  const days = rangeCoverage(range.startMs, range.endMs, DAY_MS);
  const endDays = days.partial.map((day) => ({ day: day.bucket, hours: rangeCoverage(day.fromMs, day.toMs, HOUR_MS) }));
  const wholeBuckets: WholeBuckets[] = [];
  if (days.whole) wholeBuckets.push({ bucketMs: DAY_MS, ...days.whole });
  for (const { hours } of endDays) if (hours.whole) wholeBuckets.push({ bucketMs: HOUR_MS, ...hours.whole });
  // The versions are read before any bucket is counted: a write committed in between leaves a count
  // newer than the version it is kept under, which only costs a recount; never the reverse.
  const versions = wholeBuckets.length > 0 ? await dayVersions(range) : null;
  const stretches: MatchesInStretch[] = [];
  for (const buckets of wholeBuckets) stretches.push(...(await countWholeBuckets(query, search, buckets, versions!)));
  const partialHours = endDays
    .filter(({ day }) => versions === null || versions.has(day))
    .flatMap(({ hours }) => hours.partial.map((piece): TimeRange => ({ startMs: piece.fromMs, endMs: piece.toMs })));
  if (partialHours.length > 0) {
    const counts = await countsInRanges(partialHours, (piece) => search.countSql(piece), { scansTexts: search.scansEveryText });
    partialHours.forEach((piece, index) => stretches.push({ fromMs: piece.startMs, toMs: piece.endMs, count: counts[index] }));
  }
  return stretches;
}

/** How many transcripts of the range match the search, counted now (nothing cached). */
export async function countMatchesNow(search: PreparedSearch, range: TimeRange): Promise<number> {
  const rows = await storeRead<{ n: unknown }>(search.countSql(range), { scansTexts: search.scansEveryText });
  return toNumber(rows[0]?.n);
}

interface WholeBuckets {
  /** A UTC day or hour. */
  bucketMs: number;
  first: number;
  last: number;
}

/** The version of each day of the range that has one: the days that hold texts. */
async function dayVersions({ startMs, endMs }: TimeRange): Promise<Map<number, string>> {
  const rows = await storeRead<{ day: unknown; version: unknown }>(
    sql`SELECT "day", "version" FROM "TranscriptDayVersion" WHERE "day" BETWEEN ${int(Math.floor(startMs / DAY_MS))} AND ${int(Math.floor(endMs / DAY_MS))}`,
  );
  return new Map(rows.map((row) => [toNumber(row.day), String(row.version)]));
}

/**
 * The matches of the whole UTC days or hours [first, last] that lie in written days (those of
 * `versions`), cached under their day's version; the buckets of the other days hold none and are
 * left out.
 */
async function countWholeBuckets(
  query: string,
  search: PreparedSearch,
  { bucketMs, first, last }: WholeBuckets,
  versions: Map<number, string>,
): Promise<MatchesInStretch[]> {
  const scope = `${resolveDatabaseUrl()}\n${query}\n${bucketMs}:`;
  const stretchOf = (bucket: number, count: number): MatchesInStretch => ({
    fromMs: bucket * bucketMs,
    toMs: (bucket + 1) * bucketMs - 1,
    count,
  });
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
    const counts = await sharedCount(
      `${scope}${runFirst}-${runLast}@${stale.map((bucket) => `${bucket.bucket}:${bucket.version}`).join(",")}`,
      async () => {
        const rows = await search.countPerBucket({ startMs: runFirst * bucketMs, endMs: (runLast + 1) * bucketMs - 1 }, bucketMs);
        return new Map(rows.map((row) => [toNumber(row.bucket), toNumber(row.n)]));
      },
    );
    for (const { bucket, version } of stale) {
      const count = counts.get(bucket) ?? 0;
      cache.set(scope + bucket, { version, count });
      stretches.push(stretchOf(bucket, count));
    }
  }
  return stretches;
}

/** The buckets of bucketMs in [first, last] that lie in the days of `versions`, ascending, with their day's version. */
function writtenBuckets(
  versions: Map<number, string>,
  bucketMs: number,
  first: number,
  last: number,
): { bucket: number; version: string }[] {
  const perDay = DAY_MS / bucketMs;
  const buckets: { bucket: number; version: string }[] = [];
  const days = [...versions.keys()].sort((a, b) => a - b);
  for (const day of days) {
    const version = versions.get(day)!;
    for (let bucket = Math.max(first, day * perDay); bucket <= Math.min(last, (day + 1) * perDay - 1); bucket++)
      buckets.push({ bucket, version });
  }
  return buckets;
}
