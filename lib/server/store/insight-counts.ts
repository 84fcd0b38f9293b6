import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { identifier, int, join, sql, sqlText, toNumber, type Sql } from "./sql";
import { SORT_KEY_SPREAD, sortKeyRange } from "./sort-key";
import { LENGTH_DIMENSION } from "./rollup-deltas";
import { attributeCountsInRange } from "./attribute-counts";
import { adjoinedRanges, valuesOverDays, type PerDayValue } from "./day-cache";
import { DAY_MS, SLOT_MS } from "@/lib/transcripts/time-buckets";
import { localDayNumber, type OffsetSegment } from "@/lib/transcripts/time-zone";

/** The kinds counted per local day: transcripts with a signal, and ratings by type. */
export const DAILY_INSIGHT_KINDS = ["fallback", "handoff", "thumbs_up", "thumbs_down"] as const;
export type DailyInsightKind = (typeof DAILY_INSIGHT_KINDS)[number];

export interface InsightCounts {
  /**
   * Conversations per kind (with the signal, with a rating of the type) per local day (days since
   * 1970-01-01 in the zone); days without any are left out.
   */
  perLocalDay: Record<DailyInsightKind, Map<number, number>>;
  /** The ratings themselves, by type: a conversation may hold several. */
  ratings: { thumbs_up: number; thumbs_down: number };
  /** Transcripts per message count; MESSAGE_COUNT_CAP counts that many messages or more. */
  perMessageCount: Map<number, number>;
}

/**
 * The counts the insights are made of, for the transcripts created in the range, in the zone whose
 * offsets over the range are `segments`: the signals' indexes (flag, sortKey) and the ratings' key
 * (feedbackType, sortKey) read per 15-minute slot, whose local day is then the slot's (every offset
 * is a whole number of quarter hours), each whole UTC day's slots kept under its versions
 * (day-cache.ts); the conversation lengths as attribute-counts.ts counts them.
 */
export async function countForInsights(range: TimeRange, segments: readonly OffsetSegment[]): Promise<InsightCounts> {
  const [days, lengthRows] = await Promise.all([valuesOverDays(SLOT_COUNTS_PER_DAY, range), attributeCountsInRange(range)]);
  const perLocalDay = Object.fromEntries(
    DAILY_INSIGHT_KINDS.map((kind) => [kind, new Map<number, number>()]),
  ) as InsightCounts["perLocalDay"];
  const ratings = { thumbs_up: 0, thumbs_down: 0 };
  for (const { day, conversations, ratings: ratingsPerSlot } of days) {
    for (let slotOfDay = 0; slotOfDay < SLOTS_PER_DAY; slotOfDay++) {
      const slotMs = (day * SLOTS_PER_DAY + slotOfDay) * SLOT_MS;
      let localDay: number | null = null;
      DAILY_INSIGHT_KINDS.forEach((kind, kindIndex) => {
        const count = conversations[kindIndex * SLOTS_PER_DAY + slotOfDay];
        if (count === 0) return;
        localDay ??= localDayNumber(slotMs, offsetAt(segments, slotMs));
        perLocalDay[kind].set(localDay, (perLocalDay[kind].get(localDay) ?? 0) + count);
      });
      RATING_KINDS.forEach((kind, kindIndex) => (ratings[kind] += ratingsPerSlot[kindIndex * SLOTS_PER_DAY + slotOfDay]));
    }
  }
  const perMessageCount = new Map<number, number>();
  for (const row of lengthRows) if (row.dimension === LENGTH_DIMENSION) perMessageCount.set(Number(row.value), row.count);
  return { perLocalDay, ratings, perMessageCount };
}

/** The zone's offset at `ms`: that of the last segment begun by then (the first before it begins). */
function offsetAt(segments: readonly OffsetSegment[], ms: number): number {
  let offset = segments[0].offset;
  for (const segment of segments) if (segment.fromMs <= ms) offset = segment.offset;
  return offset;
}

const SLOTS_PER_DAY = DAY_MS / SLOT_MS;
const RATING_KINDS = ["thumbs_up", "thumbs_down"] as const;

/** A UTC day's counts per 15-minute slot of the day (slotOfDay, 0 to 95). */
interface DaySlotCounts {
  day: number;
  /** Conversations with the kind, at [index in DAILY_INSIGHT_KINDS x SLOTS_PER_DAY + slotOfDay]. */
  conversations: Int32Array;
  /** Ratings themselves, at [index in RATING_KINDS x SLOTS_PER_DAY + slotOfDay]. */
  ratings: Int32Array;
}

/** The per-slot counts of each day, read for many days in one statement and kept per day (day-cache.ts). */
const SLOT_COUNTS_PER_DAY: PerDayValue<DaySlotCounts> = {
  identity: "insight slot counts",
  async read(pieces) {
    const rows = await storeRead<{ kind: DailyInsightKind; slot: unknown; n: unknown; ratings: unknown }>(perSlotSql(pieces));
    const byDay = new Map<number, DaySlotCounts>(
      pieces.map((piece) => {
        const day = Math.floor(piece.startMs / DAY_MS);
        const counts = {
          day,
          conversations: new Int32Array(DAILY_INSIGHT_KINDS.length * SLOTS_PER_DAY),
          ratings: new Int32Array(RATING_KINDS.length * SLOTS_PER_DAY),
        };
        return [day, counts];
      }),
    );
    for (const row of rows) {
      const slot = toNumber(row.slot);
      const counts = byDay.get(Math.floor(slot / SLOTS_PER_DAY))!;
      const slotOfDay = slot % SLOTS_PER_DAY;
      counts.conversations[DAILY_INSIGHT_KINDS.indexOf(row.kind) * SLOTS_PER_DAY + slotOfDay] = toNumber(row.n);
      if (row.kind === "thumbs_up" || row.kind === "thumbs_down")
        counts.ratings[RATING_KINDS.indexOf(row.kind) * SLOTS_PER_DAY + slotOfDay] = toNumber(row.ratings);
    }
    return pieces.map((piece) => byDay.get(Math.floor(piece.startMs / DAY_MS))!);
  },
};

/** Signals and ratings per kind and 15-minute slot, of the transcripts created in any of the ranges. */
function perSlotSql(ranges: TimeRange[]): Sql {
  const slot = sql`"sortKey" / ${int(SLOT_MS * SORT_KEY_SPREAD)}`;
  const inRange = sql`(${join(
    adjoinedRanges(ranges).map(({ startMs, endMs }) => {
      const { low, high } = sortKeyRange(startMs, endMs);
      return sql`"sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
    }),
    " OR ",
  )})`;
  const flagged = (flag: "fallback" | "handoff") =>
    sql`SELECT ${sqlText(`'${flag}'`)} AS "kind", ${slot} AS "slot", count(*) AS "n", 0 AS "ratings"
      FROM "TranscriptSignal" WHERE ${identifier(flag)} = 1 AND ${inRange} GROUP BY ${slot}`;
  return join(
    [
      flagged("fallback"),
      flagged("handoff"),
      sql`SELECT "feedbackType" AS "kind", ${slot} AS "slot", count(*) AS "n", SUM("count") AS "ratings" FROM "TranscriptRating"
        WHERE "feedbackType" IN ('thumbs_up', 'thumbs_down') AND ${inRange} GROUP BY "feedbackType", ${slot}`,
    ],
    " UNION ALL ",
  );
}
