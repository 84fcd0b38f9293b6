import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { identifier, int, join, sql, sqlText, toNumber, type Sql } from "./sql";
import { SORT_KEY_SPREAD, sortKeyRange } from "./sort-key";
import { LENGTH_DIMENSION } from "./rollup-deltas";
import { attributeCountsInRange } from "./attribute-counts";
import { adjoinedRanges, valuesOverDays, type DayValueSource, type PerDayValue } from "./day-cache";
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
 * is a whole number of quarter hours), each whole UTC day's slots kept (day-cache.ts): the signals'
 * under the day's signal version, the ratings' under its annotation version, so that ratings given
 * all day long leave the signal counts kept; the conversation lengths as attribute-counts.ts counts
 * them.
 */
export async function countForInsights(range: TimeRange, segments: readonly OffsetSegment[]): Promise<InsightCounts> {
  const [signalDays, ratingDays, lengthRows] = await Promise.all([
    valuesOverDays(SIGNAL_SLOT_COUNTS_PER_DAY, range),
    valuesOverDays(RATING_SLOT_COUNTS_PER_DAY, range),
    attributeCountsInRange(range),
  ]);
  const perLocalDay = Object.fromEntries(
    DAILY_INSIGHT_KINDS.map((kind) => [kind, new Map<number, number>()]),
  ) as InsightCounts["perLocalDay"];
  const ratings = { thumbs_up: 0, thumbs_down: 0 };
  const addDays = <Kind extends DailyInsightKind>(
    days: DaySlotCounts[],
    kinds: readonly Kind[],
    onRatings?: (kind: Kind, n: number) => void,
  ) => {
    for (const { day, conversations, ratings: ratingsPerSlot } of days) {
      for (let slotOfDay = 0; slotOfDay < SLOTS_PER_DAY; slotOfDay++) {
        const slotMs = (day * SLOTS_PER_DAY + slotOfDay) * SLOT_MS;
        let localDay: number | null = null;
        kinds.forEach((kind, kindIndex) => {
          const count = conversations[kindIndex * SLOTS_PER_DAY + slotOfDay];
          if (count === 0) return;
          localDay ??= localDayNumber(slotMs, offsetAt(segments, slotMs));
          perLocalDay[kind].set(localDay, (perLocalDay[kind].get(localDay) ?? 0) + count);
          onRatings?.(kind, ratingsPerSlot[kindIndex * SLOTS_PER_DAY + slotOfDay]);
        });
      }
    }
  };
  addDays(signalDays, DAILY_SIGNAL_KINDS);
  addDays(ratingDays, RATING_KINDS, (kind, n) => (ratings[kind] += n));
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
/** The signals among DAILY_INSIGHT_KINDS. */
const DAILY_SIGNAL_KINDS = ["fallback", "handoff"] as const;
const RATING_KINDS = ["thumbs_up", "thumbs_down"] as const;

/** A UTC day's counts per 15-minute slot of the day (slotOfDay, 0 to 95) of some of the kinds. */
interface DaySlotCounts {
  day: number;
  /** Conversations with the kind, at [index of the kind x SLOTS_PER_DAY + slotOfDay]. */
  conversations: Int32Array;
  /** For rating kinds, the ratings themselves, at the same index. */
  ratings: Int32Array;
}

/** The per-slot counts of `kinds` for each day, read for many days in one statement and kept per day (day-cache.ts). */
function slotCountsPerDay(
  identity: string,
  madeOf: DayValueSource,
  kinds: readonly DailyInsightKind[],
  perSlotSql: (ranges: TimeRange[]) => Sql,
): PerDayValue<DaySlotCounts> {
  return {
    identity,
    madeOf,
    async read(pieces) {
      const rows = await storeRead<{ kind: DailyInsightKind; slot: unknown; n: unknown; ratings: unknown }>(perSlotSql(pieces));
      const byDay = new Map<number, DaySlotCounts>(
        pieces.map((piece) => {
          const day = Math.floor(piece.startMs / DAY_MS);
          const size = kinds.length * SLOTS_PER_DAY;
          return [day, { day, conversations: new Int32Array(size), ratings: new Int32Array(size) }];
        }),
      );
      for (const row of rows) {
        const slot = toNumber(row.slot);
        const counts = byDay.get(Math.floor(slot / SLOTS_PER_DAY))!;
        const index = kinds.indexOf(row.kind) * SLOTS_PER_DAY + (slot % SLOTS_PER_DAY);
        counts.conversations[index] = toNumber(row.n);
        counts.ratings[index] = toNumber(row.ratings);
      }
      return pieces.map((piece) => byDay.get(Math.floor(piece.startMs / DAY_MS))!);
    },
  };
}

const SLOT = sql`"sortKey" / ${int(SLOT_MS * SORT_KEY_SPREAD)}`;

/**
 * `select` over each run of adjoining ranges, one SELECT per run: a condition of several ranges
 * OR-ed together makes PostgreSQL visit the table's rows (a bitmap scan) where one range is counted
 * from the index alone.
 */
function perRun(ranges: TimeRange[], select: (inRun: Sql) => Sql): Sql[] {
  return adjoinedRanges(ranges).map(({ startMs, endMs }) => {
    const { low, high } = sortKeyRange(startMs, endMs);
    return select(sql`"sortKey" BETWEEN ${int(low)} AND ${int(high)}`);
  });
}

/** Conversations with each signal per 15-minute slot. */
const SIGNAL_SLOT_COUNTS_PER_DAY = slotCountsPerDay("insight signal slot counts", "signals", DAILY_SIGNAL_KINDS, (ranges) =>
  join(
    DAILY_SIGNAL_KINDS.flatMap((flag) =>
      perRun(
        ranges,
        (inRun) => sql`SELECT ${sqlText(`'${flag}'`)} AS "kind", ${SLOT} AS "slot", count(*) AS "n", 0 AS "ratings"
          FROM "TranscriptSignal" WHERE ${identifier(flag)} = 1 AND ${inRun} GROUP BY ${SLOT}`,
      ),
    ),
    " UNION ALL ",
  ),
);

/** Conversations rated, and ratings, of each type per 15-minute slot. */
const RATING_SLOT_COUNTS_PER_DAY = slotCountsPerDay("insight rating slot counts", "annotations", RATING_KINDS, (ranges) =>
  join(
    perRun(
      ranges,
      (inRun) => sql`SELECT "feedbackType" AS "kind", ${SLOT} AS "slot", count(*) AS "n", SUM("count") AS "ratings" FROM "TranscriptRating"
        WHERE "feedbackType" IN ('thumbs_up', 'thumbs_down') AND ${inRun} GROUP BY "feedbackType", ${SLOT}`,
    ),
    " UNION ALL ",
  ),
);
