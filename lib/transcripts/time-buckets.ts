// Time buckets of the analytics rollups (prisma/schema.prisma): 15-minute slots for counts, UTC
// hours for device, os and browser. A time range is answered from the whole buckets inside it
// plus a count of the raw rows in the partly covered buckets at its two ends.

export const SLOT_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

export interface RangeCoverage {
  /** First and last bucket lying wholly inside the range, or null when there is none. */
  whole: { first: number; last: number } | null;
  /** The parts of the range in buckets it covers only partly: [fromMs, toMs], both inclusive. */
  partial: { bucket: number; fromMs: number; toMs: number }[];
}

/** How the range [startMs, endMs] (inclusive, whole milliseconds) splits over buckets of bucketMs. */
export function rangeCoverage(startMs: number, endMs: number, bucketMs: number): RangeCoverage {
  if (endMs < startMs) return { whole: null, partial: [] };
  const first = Math.ceil(startMs / bucketMs);
  const last = Math.floor((endMs + 1) / bucketMs) - 1;
  if (first > last) {
    // No whole bucket: the range lies in one bucket or straddles one boundary.
    const startBucket = Math.floor(startMs / bucketMs);
    const endBucket = Math.floor(endMs / bucketMs);
    if (startBucket === endBucket) return { whole: null, partial: [{ bucket: startBucket, fromMs: startMs, toMs: endMs }] };
    return {
      whole: null,
      partial: [
        { bucket: startBucket, fromMs: startMs, toMs: endBucket * bucketMs - 1 },
        { bucket: endBucket, fromMs: endBucket * bucketMs, toMs: endMs },
      ],
    };
  }
  const partial: RangeCoverage["partial"] = [];
  if (first * bucketMs > startMs) partial.push({ bucket: first - 1, fromMs: startMs, toMs: first * bucketMs - 1 });
  if ((last + 1) * bucketMs - 1 < endMs) partial.push({ bucket: last + 1, fromMs: (last + 1) * bucketMs, toMs: endMs });
  return { whole: { first, last }, partial };
}

export const slotOf = (ms: number) => Math.floor(ms / SLOT_MS);
export const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
