// The sort key of a transcript (prisma/schema.prisma, Transcript.sortKey): createdAt in epoch
// milliseconds times SORT_KEY_SPREAD plus a tiebreak, so that every time range is one key range.
// The largest key (year 2200) stays below 2^53, so keys are exact JavaScript numbers.
import { stableHash } from "@/lib/transcripts/stable-id";
import type { OffsetSegment } from "@/lib/transcripts/time-zone";
import { DAY_MS, HOUR_MS } from "@/lib/transcripts/time-buckets";

export const SORT_KEY_SPREAD = 1024;

/** The key range of every transcript created in [startMs, endMs] (inclusive). */
export function sortKeyRange(startMs: number, endMs: number): { low: number; high: number } {
  return { low: startMs * SORT_KEY_SPREAD, high: endMs * SORT_KEY_SPREAD + SORT_KEY_SPREAD - 1 };
}

/** The first key tried for a transcript; the next ones in its millisecond follow on collision. */
export function preferredSortKey(createdAtMs: number, id: string): number {
  return createdAtMs * SORT_KEY_SPREAD + stableHash(id, SORT_KEY_SPREAD);
}

/** The next key in the same millisecond, wrapping around. */
export function nextSortKey(key: number): number {
  const base = Math.floor(key / SORT_KEY_SPREAD) * SORT_KEY_SPREAD;
  return base + ((key - base + 1) % SORT_KEY_SPREAD);
}

export function createdAtMsOfSortKey(key: number): number {
  return Math.floor(key / SORT_KEY_SPREAD);
}

const MINUTE_MS = 60_000;

/** A local time of the week: an hour of the day, a weekday (0 Monday to 6 Sunday), or both. */
export interface LocalTime {
  hour: number | null;
  weekday: number | null;
}

/** The local weekday (0 Monday to 6 Sunday) of a local day number: day 0, 1970-01-01, was a Thursday. */
export function weekdayOfDay(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * The key ranges, within [low, high], of the instants whose local time (in the zone whose offsets
 * over the range are `segments`) falls in `time`: one range per local day at most.
 */
export function localTimeKeyRanges(
  time: LocalTime,
  segments: readonly OffsetSegment[],
  low: number,
  high: number,
): { low: number; high: number }[] {
  const ranges: { low: number; high: number }[] = [];
  const lowMs = Math.floor(low / SORT_KEY_SPREAD);
  const highMs = Math.floor(high / SORT_KEY_SPREAD);
  const [fromHour, toHour] = time.hour === null ? [0, 24] : [time.hour, time.hour + 1];
  segments.forEach((segment, index) => {
    const fromMs = Math.max(index === 0 ? lowMs : segment.fromMs, lowMs);
    const toMs = Math.min(segments[index + 1]?.fromMs ?? highMs + 1, highMs + 1);
    const offsetMs = segment.offset * MINUTE_MS;
    for (let day = Math.floor((fromMs + offsetMs) / DAY_MS); day * DAY_MS - offsetMs < toMs; day++) {
      if (time.weekday !== null && weekdayOfDay(day) !== time.weekday) continue;
      const startMs = Math.max(day * DAY_MS + fromHour * HOUR_MS - offsetMs, fromMs);
      const endMs = Math.min(day * DAY_MS + toHour * HOUR_MS - offsetMs, toMs);
      if (startMs < endMs)
        ranges.push({ low: Math.max(startMs * SORT_KEY_SPREAD, low), high: Math.min(endMs * SORT_KEY_SPREAD - 1, high) });
    }
  });
  return ranges;
}
