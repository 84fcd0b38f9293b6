// The sort key of a transcript (prisma/schema.prisma, Transcript.sortKey): createdAt in epoch
// milliseconds times SORT_KEY_SPREAD plus a tiebreak, so that every time range is one key range.
// The largest key (year 2200) stays below 2^53, so keys are exact JavaScript numbers.
import { stableHash } from "@/lib/transcripts/stable-id";

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
