import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { attributeCountsInRange } from "./attribute-counts";
import { slotCountsSql } from "./count-in-range";
import { int, join, sql, toNumber, type Sql } from "./sql";
import { ROLLUP_DIMENSIONS, type RollupDimension } from "./rollup-deltas";
import { SLOT_MS } from "@/lib/transcripts/time-buckets";
import type { OffsetSegment } from "@/lib/transcripts/time-zone";

export interface AnalyticsCounts {
  /** Transcripts per local day (days since 1970-01-01 in the zone); days without any are left out. */
  perLocalDay: Map<number, number>;
  /** Transcripts per local hour of day, 0 to 23. */
  perLocalHour: number[];
  /** Transcripts per local hour of the week: weekday (0 Monday to 6 Sunday) x 24 + hour. */
  perLocalWeekHour: number[];
  /** Transcripts per device, os and browser value ("" where the transcript has none). */
  attributes: { dimension: RollupDimension; value: string; count: number }[];
}

/**
 * The counts the analytics are made of, for the transcripts created in the range, in the zone whose
 * offsets over the range are `segments`. Summed in the database from the 15-minute slots' rollup plus
 * the raw rows of the partly covered slots at the ends of the range; the device, OS and browser
 * counts from attribute-counts.ts.
 */
export async function countForAnalytics(range: TimeRange, segments: OffsetSegment[]): Promise<AnalyticsCounts> {
  const [timeRows, attributeRows] = await Promise.all([
    storeRead<{ kind: string; bucket: unknown; n: unknown }>(timeSeriesSql(range, segments)),
    attributeCountsInRange(range),
  ]);
  const perLocalDay = new Map<number, number>();
  const perLocalHour = new Array<number>(24).fill(0);
  const perLocalWeekHour = new Array<number>(7 * 24).fill(0);
  for (const row of timeRows) {
    const bucket = toNumber(row.bucket);
    if (row.kind === "day") perLocalDay.set(bucket, toNumber(row.n));
    else {
      perLocalWeekHour[bucket] += toNumber(row.n);
      perLocalHour[bucket % 24] += toNumber(row.n);
    }
  }
  const attributes = attributeRows.filter((row): row is AnalyticsCounts["attributes"][number] =>
    (ROLLUP_DIMENSIONS as readonly string[]).includes(row.dimension),
  );
  return { perLocalDay, perLocalHour, perLocalWeekHour, attributes };
}

/**
 * Counts per local day and per local hour of the week (1970-01-01, day 0, was a Thursday: weekday 3
 * counting from Monday). A slot's local minute is its UTC minute plus
 * the zone's offset at the slot's start; offsets change only at DST transitions, written here as
 * a CASE over slot numbers. Every offset is a whole number of quarter hours, so no slot straddles a
 * local hour or day.
 */
function timeSeriesSql({ startMs, endMs }: TimeRange, segments: OffsetSegment[]): Sql {
  let offset: Sql = int(segments[0].offset);
  if (segments.length > 1) {
    const branches = segments
      .slice(1)
      .map((segment, index) => sql`WHEN "slot" < ${int(Math.ceil(segment.fromMs / SLOT_MS))} THEN ${int(segments[index].offset)}`);
    offset = sql`CASE ${join(branches, " ")} ELSE ${int(segments[segments.length - 1].offset)} END`;
  }
  const minutesPerSlot = int(SLOT_MS / 60_000);
  return sql`
    WITH "local" AS (SELECT "slot" * ${minutesPerSlot} + ${offset} AS "minute", "count" FROM (${slotCountsSql(startMs, endMs)}) AS "slots")
    SELECT 'day' AS "kind", "minute" / 1440 AS "bucket", SUM("count") AS "n" FROM "local" GROUP BY "minute" / 1440
    UNION ALL
    SELECT 'weekhour' AS "kind", (("minute" / 1440 + 3) % 7) * 24 + ("minute" % 1440) / 60 AS "bucket", SUM("count") AS "n"
    FROM "local" GROUP BY (("minute" / 1440 + 3) % 7) * 24 + ("minute" % 1440) / 60`;
}
