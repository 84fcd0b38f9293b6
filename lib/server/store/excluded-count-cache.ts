import "server-only";
import { LRUCache } from "lru-cache";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { identifier, int, join, sql, toNumber, type Sql } from "./sql";
import { sharedWork } from "./shared-work";
import { resolveDatabaseUrl } from "@/lib/database-url.mjs";
import { DAY_MS, rangeCoverage } from "@/lib/transcripts/time-buckets";

// The complement filters' totals (unreviewed, nobody assigned, no rating, no notes) are the range's
// total less the members of the sets they exclude (filtered-keys.ts). Counting those members costs
// a read per member, over a month or a quarter tens of thousands, so each whole UTC day's count is
// kept per (count, day) and reused while the day keeps its versions: the review version
// (TranscriptReviewDayVersion, renewed by triggers whenever a review, rating count or note of the
// day is written) and, for a count that tests a search, the text version (TranscriptDayVersion).
// The partly covered days at the two ends are counted afresh. A day without a text version holds
// no transcript and so no member.

/** Entries kept per process (least recently used go first): a day of one count is about 200 bytes. */
const MAX_ENTRIES = 20_000;

interface CachedCount {
  version: string;
  count: number;
}

const globalForCache = globalThis as unknown as { excludedDayCounts?: LRUCache<string, CachedCount> };
const cache = (globalForCache.excludedDayCounts ??= new LRUCache<string, CachedCount>({ max: MAX_ENTRIES }));
const sharedCounts = sharedWork<number[]>();

export interface DayCountedSelection {
  /**
   * What is counted, whatever the range: two counts of the same identity count the same rows of
   * any range (the identity may name how, too).
   */
  identity: string;
  /** Whether the count depends on the search texts (a search's matches), or on the review state alone. */
  testsTexts: boolean;
  /** SELECT of one number, the count in the range. */
  countIn(range: TimeRange): Sql;
  /** Whether the count scans texts (ReadOptions.scansTexts). */
  scansTexts: boolean;
}

/** The count of `selection` in `range`: its whole days from the cache where their versions are unchanged. */
export async function countOverDays(selection: DayCountedSelection, range: TimeRange): Promise<number> {
  const days = rangeCoverage(range.startMs, range.endMs, DAY_MS);
  // The versions are read before any day is counted: a write committed in between leaves a count
  // newer than the version it is kept under, which only costs a recount; never the reverse.
  const versions = await dayVersions(range, selection.testsTexts);
  const scope = `${resolveDatabaseUrl()}\n${selection.identity}\n`;
  let total = 0;
  const stale: { day: number; version: string }[] = [];
  if (days.whole) {
    for (const [day, version] of versions) {
      if (day < days.whole.first || day > days.whole.last) continue;
      const cached = cache.get(scope + day);
      if (cached && cached.version === version) total += cached.count;
      else stale.push({ day, version });
    }
  }
  const pieces: TimeRange[] = [
    ...stale.map(({ day }) => ({ startMs: day * DAY_MS, endMs: (day + 1) * DAY_MS - 1 })),
    ...days.partial.filter((piece) => versions.has(piece.bucket)).map((piece) => ({ startMs: piece.fromMs, endMs: piece.toMs })),
  ];
  if (pieces.length === 0) return total;
  // A burst of the same filter over the same days (a dashboard opened by many) waits for one count.
  const key = `${scope}${pieces.map((piece) => `${piece.startMs}-${piece.endMs}`).join(",")}@${stale.map((day) => day.version).join(",")}`;
  const counts = await sharedCounts(key, async () => {
    const columns = pieces.map((piece, index) => sql`(${selection.countIn(piece)}) AS ${identifier(`n${index}`)}`);
    const [row] = await storeRead<Record<string, unknown>>(sql`SELECT ${join(columns, ", ")}`, { scansTexts: selection.scansTexts });
    return pieces.map((_, index) => toNumber(row?.[`n${index}`]));
  });
  stale.forEach(({ day, version }, index) => cache.set(scope + day, { version, count: counts[index] }));
  return counts.reduce((sum, count) => sum + count, total);
}

/** The version of each day of the range that holds transcripts: its review version, with its text version where texts count. */
async function dayVersions({ startMs, endMs }: TimeRange, withTexts: boolean): Promise<Map<number, string>> {
  const rows = await storeRead<{ day: unknown; textVersion: unknown; reviewVersion: unknown }>(
    sql`SELECT d."day", d."version" AS "textVersion", r."version" AS "reviewVersion" FROM "TranscriptDayVersion" d
      LEFT JOIN "TranscriptReviewDayVersion" r ON r."day" = d."day"
      WHERE d."day" BETWEEN ${int(Math.floor(startMs / DAY_MS))} AND ${int(Math.floor(endMs / DAY_MS))}`,
  );
  return new Map(
    rows.map((row) => {
      const review = row.reviewVersion === null ? "none" : String(row.reviewVersion);
      return [toNumber(row.day), withTexts ? `${String(row.textVersion)}/${review}` : review];
    }),
  );
}
