import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { attributeCountsInRange } from "./attribute-counts";
import { slotCountsSql } from "./slot-counts";
import { adjoinedRanges, piecesByHour, valuesOverDays, type PerDayValue } from "./day-cache";
import { join, toNumber } from "./sql";
import { LENGTH_DIMENSION, type RollupDimension } from "./rollup-deltas";
import { DAY_MS, HOUR_MS, SLOT_MS } from "@/lib/transcripts/time-buckets";
import { offsetAt, type OffsetSegment } from "@/lib/transcripts/time-zone";

export interface AnalyticsCounts {
  /** Transcripts per local day (days since 1970-01-01 in the zone); days without any are left out. */
  perLocalDay: Map<number, number>;
  /** Transcripts per local hour of day, 0 to 23. */
  perLocalHour: number[];
  /** Transcripts per local hour of the week: weekday (0 Monday to 6 Sunday) x 24 + hour. */
  perLocalWeekHour: number[];
  /** Transcripts per device, os and browser value ("" where the transcript has none). */
  attributes: { dimension: RollupDimension; value: string; count: number }[];
  /** Transcripts per message count; MESSAGE_COUNT_CAP counts that many messages or more. */
  perMessageCount: Map<number, number>;
}

/**
 * The counts the analytics are made of, for the transcripts created in the range, in the zone whose
 * offsets over the range are `segments`: transcripts per 15-minute slot (the slots' rollup plus the
 * raw rows of the partly covered slots at the ends of the range), kept per day (day-cache.ts), each
 * slot's local day and hour being those of its start (every offset is a whole number of quarter
 * hours, so no slot straddles a local hour or day); the device, OS, browser and length counts
 * from attribute-counts.ts.
 */
export async function countForAnalytics(range: TimeRange, segments: readonly OffsetSegment[]): Promise<AnalyticsCounts> {
  const [slotPieces, attributeRows] = await Promise.all([valuesOverDays(SLOT_COUNTS_PER_DAY, range), attributeCountsInRange(range)]);
  const perLocalDay = new Map<number, number>();
  const perLocalHour = new Array<number>(24).fill(0);
  const perLocalWeekHour = new Array<number>(7 * 24).fill(0);
  for (const { day, counts } of slotPieces) {
    for (let slotOfDay = 0; slotOfDay < SLOTS_PER_DAY; slotOfDay++) {
      const count = counts[slotOfDay];
      if (count === 0) continue;
      const slotMs = (day * SLOTS_PER_DAY + slotOfDay) * SLOT_MS;
      const localMinute = slotMs / 60_000 + offsetAt(segments, slotMs);
      const localDay = Math.floor(localMinute / MINUTES_PER_DAY);
      const localHour = Math.floor((localMinute - localDay * MINUTES_PER_DAY) / 60);
      perLocalDay.set(localDay, (perLocalDay.get(localDay) ?? 0) + count);
      perLocalHour[localHour] += count;
      // 1970-01-01, day 0, was a Thursday: weekday 3 counting from Monday.
      perLocalWeekHour[((((localDay + 3) % 7) + 7) % 7) * 24 + localHour] += count;
    }
  }
  const attributes: AnalyticsCounts["attributes"] = [];
  const perMessageCount = new Map<number, number>();
  for (const row of attributeRows) {
    if (row.dimension === LENGTH_DIMENSION) perMessageCount.set(Number(row.value), row.count);
    else attributes.push({ dimension: row.dimension, value: row.value, count: row.count });
  }
  return { perLocalDay, perLocalHour, perLocalWeekHour, attributes, perMessageCount };
}

const SLOTS_PER_DAY = DAY_MS / SLOT_MS;
const MINUTES_PER_DAY = DAY_MS / 60_000;

/** A piece's transcripts (day-cache.ts) per 15-minute slot of its UTC day; the slots outside the piece hold 0. */
interface SlotCountsOfPiece {
  day: number;
  counts: Int32Array;
}

const SLOT_COUNTS_PER_DAY: PerDayValue<SlotCountsOfPiece> = {
  identity: "transcripts per slot",
  madeOf: "transcripts",
  async read(pieces) {
    // Pieces meet only at whole hours, so only the ends of a run of them cut a slot.
    const runs = adjoinedRanges(pieces).map(({ startMs, endMs }) => slotCountsSql(startMs, endMs));
    const rows = await storeRead<{ slot: unknown; count: unknown }>(join(runs, " UNION ALL "));
    const values = pieces.map((piece) => ({ day: Math.floor(piece.startMs / DAY_MS), counts: new Int32Array(SLOTS_PER_DAY) }));
    const ofHour = piecesByHour(pieces, values);
    for (const row of rows) {
      const slot = toNumber(row.slot);
      const value = ofHour.get(Math.floor((slot * SLOT_MS) / HOUR_MS));
      if (value) value.counts[slot % SLOTS_PER_DAY] += toNumber(row.count);
    }
    return values;
  },
};
