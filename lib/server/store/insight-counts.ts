import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { identifier, int, join, sql, sqlText, toNumber, type Sql } from "./sql";
import { SORT_KEY_SPREAD, sortKeyRange } from "./sort-key";
import { adjoinedRanges, piecesByHour, valuesOverDays, type DayValueSource, type PerDayValue } from "./day-cache";
import { DAY_MS, HOUR_MS, SLOT_MS } from "@/lib/transcripts/time-buckets";
import { localDayNumber, offsetAt, type OffsetSegment } from "@/lib/transcripts/time-zone";

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
}

/**
 * The counts the insights are made of, for the transcripts created in the range, in the zone whose
 * offsets over the range are `segments`: the signals' indexes (flag, sortKey) and the ratings' key
 * (feedbackType, sortKey) read per 15-minute slot, whose local day is then the slot's (every offset
 * is a whole number of quarter hours), each whole UTC day's slots kept (day-cache.ts): the signals'
 * under the day's signal version, the ratings' under its annotation version, so that ratings given
 * all day long leave the signal counts kept. (The conversation lengths are the analytics' counts.)
 */
export async function countForInsights(range: TimeRange, segments: readonly OffsetSegment[]): Promise<InsightCounts> {
  const [signalPieces, ratingPieces] = await Promise.all([
    valuesOverDays(SIGNAL_SLOT_COUNTS_PER_DAY, range),
    valuesOverDays(RATING_SLOT_COUNTS_PER_DAY, range),
  ]);
  const perLocalDay = Object.fromEntries(
    DAILY_INSIGHT_KINDS.map((kind) => [kind, new Map<number, number>()]),
  ) as InsightCounts["perLocalDay"];
  const ratings = { thumbs_up: 0, thumbs_down: 0 };
  const addPieces = <Kind extends DailyInsightKind>(pieces: DaySlotCounts[], kinds: readonly Kind[], countRatings: boolean) => {
    for (const { day, conversations, ratings: ratingsPerSlot } of pieces) {
      for (let slotOfDay = 0; slotOfDay < SLOTS_PER_DAY; slotOfDay++) {
        let localDay: number | null = null;
        for (let kindIndex = 0; kindIndex < kinds.length; kindIndex++) {
          const index = kindIndex * SLOTS_PER_DAY + slotOfDay;
          const count = conversations[index];
          if (count === 0) continue;
          if (localDay === null) {
            const slotMs = (day * SLOTS_PER_DAY + slotOfDay) * SLOT_MS;
            localDay = localDayNumber(slotMs, offsetAt(segments, slotMs));
          }
          const perDay = perLocalDay[kinds[kindIndex]];
          perDay.set(localDay, (perDay.get(localDay) ?? 0) + count);
          if (countRatings) ratings[kinds[kindIndex] as (typeof RATING_KINDS)[number]] += ratingsPerSlot[index];
        }
      }
    }
  };
  addPieces(signalPieces, DAILY_SIGNAL_KINDS, false);
  addPieces(ratingPieces, RATING_KINDS, true);
  return { perLocalDay, ratings };
}

const SLOTS_PER_DAY = DAY_MS / SLOT_MS;
/** The signals among DAILY_INSIGHT_KINDS. */
const DAILY_SIGNAL_KINDS = ["fallback", "handoff"] as const;
const RATING_KINDS = ["thumbs_up", "thumbs_down"] as const;

/**
 * A piece's counts (day-cache.ts: a UTC day, an hour or part of one) per 15-minute slot of its UTC
 * day (slotOfDay, 0 to 95) of some of the kinds; the slots outside the piece hold 0.
 */
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
      const counts = pieces.map((piece): DaySlotCounts => {
        const size = kinds.length * SLOTS_PER_DAY;
        return { day: Math.floor(piece.startMs / DAY_MS), conversations: new Int32Array(size), ratings: new Int32Array(size) };
      });
      const ofHour = piecesByHour(pieces, counts);
      for (const row of rows) {
        const slot = toNumber(row.slot);
        const index = kinds.indexOf(row.kind) * SLOTS_PER_DAY + (slot % SLOTS_PER_DAY);
        const countsOfPiece = ofHour.get(Math.floor((slot * SLOT_MS) / HOUR_MS))!;
        countsOfPiece.conversations[index] = toNumber(row.n);
        countsOfPiece.ratings[index] = toNumber(row.ratings);
      }
      return counts;
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
