import "server-only";
import { storeQuery } from "../transcripts/store-connection";
import { slotCountsSql } from "../transcripts/count-in-range";
import { identifier, int, join, sql, toNumber, type Sql } from "../transcripts/sql";
import { HOUR_MS, rangeCoverage, SLOT_MS } from "@/lib/transcripts/time-buckets";
import { dayKey, localDayNumber, offsetSegments, type OffsetSegment } from "@/lib/transcripts/time-zone";
import { sortKeyRange } from "@/lib/transcripts/sort-key";
import { ROLLUP_DIMENSIONS, type RollupDimension } from "@/lib/transcripts/rollup-deltas";
import type { AnalyticsQuery, AnalyticsResponse, NameValue } from "@/lib/schemas/analytics";

/** The name under which transcripts without a device, os or browser are counted. */
export const UNKNOWN_ATTRIBUTE = "unknown";

/**
 * Totals, transcripts per day and per hour of day in the time zone, and the device, os and browser
 * distributions of the transcripts created in [startTime, endTime]. Signed-in users. Everything is
 * summed in the database from the rollups (prisma/schema.prisma), plus the raw rows of the partly
 * covered buckets at the ends of the range.
 */
export async function getAnalytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const startMs = query.startTime.getTime();
  const endMs = query.endTime.getTime();
  const segments = offsetSegments(query.tz, startMs, endMs);
  const [timeRows, attributeRows] = await Promise.all([
    storeQuery<{ kind: string; bucket: unknown; n: unknown }>(timeSeriesSql(startMs, endMs, segments)),
    storeQuery<{ dimension: string; value: string; n: unknown }>(distributionsSql(startMs, endMs)),
  ]);

  const perDay = new Map<number, number>();
  const perHour = new Array<number>(24).fill(0);
  let total = 0;
  for (const row of timeRows) {
    const count = toNumber(row.n);
    if (row.kind === "day") {
      perDay.set(toNumber(row.bucket), count);
      total += count;
    } else {
      perHour[toNumber(row.bucket)] += count;
    }
  }
  const firstDay = localDayNumber(startMs, segments[0].offset);
  const lastDay = localDayNumber(endMs, segments[segments.length - 1].offset);
  const transcriptsOverTime = [];
  for (let day = firstDay; day <= lastDay; day++) transcriptsOverTime.push({ date: dayKey(day), count: perDay.get(day) ?? 0 });

  const distributions: Record<RollupDimension, NameValue[]> = { device: [], os: [], browser: [] };
  for (const row of attributeRows) {
    const value = toNumber(row.n);
    if (value > 0) distributions[row.dimension as RollupDimension]?.push({ name: row.value || UNKNOWN_ATTRIBUTE, value });
  }
  for (const dimension of ROLLUP_DIMENSIONS) distributions[dimension] = mergeAndSort(distributions[dimension]);

  return {
    total,
    transcriptsOverTime,
    peakHours: perHour.map((count, hour) => ({ hour, count })),
    deviceDistribution: distributions.device,
    osDistribution: distributions.os,
    browserDistribution: distributions.browser,
  };
}

/**
 * Counts per local day and per local hour of day. A slot's local minute is its UTC minute plus
 * the zone's offset at the slot's start; offsets change only at DST transitions, written here as
 * a CASE over slot numbers. Every offset is a whole number of quarter hours, so no slot straddles a
 * local hour or day.
 */
function timeSeriesSql(startMs: number, endMs: number, segments: OffsetSegment[]): Sql {
  let offset: Sql = int(segments[0].offset);
  if (segments.length > 1) {
    const branches = segments.slice(1).map((segment, index) => sql`WHEN "slot" < ${int(Math.ceil(segment.fromMs / SLOT_MS))} THEN ${int(segments[index].offset)}`);
    offset = sql`CASE ${join(branches, " ")} ELSE ${int(segments[segments.length - 1].offset)} END`;
  }
  const minutesPerSlot = int(SLOT_MS / 60_000);
  return sql`
    WITH "local" AS (SELECT "slot" * ${minutesPerSlot} + ${offset} AS "minute", "count" FROM (${slotCountsSql(startMs, endMs)}) AS "slots")
    SELECT 'day' AS "kind", "minute" / 1440 AS "bucket", SUM("count") AS "n" FROM "local" GROUP BY "minute" / 1440
    UNION ALL
    SELECT 'hour' AS "kind", ("minute" % 1440) / 60 AS "bucket", SUM("count") AS "n" FROM "local" GROUP BY ("minute" % 1440) / 60`;
}

/** Counts per device, os and browser value: the hourly rollup for whole hours, raw rows for the ends. */
function distributionsSql(startMs: number, endMs: number): Sql {
  const coverage = rangeCoverage(startMs, endMs, HOUR_MS);
  const parts: Sql[] = [];
  if (coverage.whole) {
    parts.push(sql`SELECT "dimension", "value", "count" FROM "TranscriptHourAttribute"
      WHERE "dimension" IN ('browser', 'device', 'os') AND "hour" BETWEEN ${int(coverage.whole.first)} AND ${int(coverage.whole.last)}`);
  }
  for (const piece of coverage.partial) {
    const { low, high } = sortKeyRange(piece.fromMs, piece.toMs);
    for (const dimension of ROLLUP_DIMENSIONS) {
      const column = identifier(dimension);
      parts.push(sql`SELECT ${dimension} AS "dimension", COALESCE(${column}, '') AS "value", 1 AS "count" FROM "Transcript" WHERE "sortKey" BETWEEN ${int(low)} AND ${int(high)}`);
    }
  }
  if (parts.length === 0) return sql`SELECT '' AS "dimension", '' AS "value", 0 AS "n" WHERE 1 = 0`;
  return sql`SELECT "dimension", "value", SUM("count") AS "n" FROM (${join(parts, " UNION ALL ")}) AS "attributes" GROUP BY "dimension", "value"`;
}

/** Largest first, then by name; '' and a literal 'unknown' are one entry. */
function mergeAndSort(entries: NameValue[]): NameValue[] {
  const merged = new Map<string, number>();
  for (const entry of entries) merged.set(entry.name, (merged.get(entry.name) ?? 0) + entry.value);
  return [...merged]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
