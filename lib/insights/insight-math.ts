// Analytics: the arithmetic of the insights, from counts: rates, the median conversation
// length, and the length histogram's buckets.

/** part / whole, or null when there is nothing to divide (no conversations, no ratings). */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/**
 * The median of values given as counts per value: the middle value, or the mean of the two middle
 * ones for an even number; null for none.
 */
export function medianOfCounts(counts: ReadonlyMap<number, number>): number | null {
  const entries = [...counts].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const valueAt = (position: number) => {
    let seen = 0;
    for (const [value, count] of entries) {
      seen += count;
      if (position < seen) return value;
    }
    return entries[entries.length - 1][0];
  };
  const middle = Math.floor(total / 2);
  return total % 2 === 1 ? valueAt(middle) : (valueAt(middle - 1) + valueAt(middle)) / 2;
}

/** The histogram's buckets of conversation length, in messages; the last one is open-ended. */
export const LENGTH_BUCKETS: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 2 },
  { min: 3, max: 4 },
  { min: 5, max: 6 },
  { min: 7, max: 8 },
  { min: 9, max: 10 },
  { min: 11, max: 15 },
  { min: 16, max: 20 },
  { min: 21, max: 30 },
  { min: 31, max: 50 },
  { min: 51, max: null },
];

/** "3-4", or "51+" for the open-ended bucket. */
export function lengthBucketLabel(bucket: { min: number; max: number | null }): string {
  return bucket.max === null ? `${bucket.min}+` : bucket.min === bucket.max ? String(bucket.min) : `${bucket.min}-${bucket.max}`;
}

/** Every bucket with the number of conversations whose length falls in it (counts per length). */
export function lengthHistogram(counts: ReadonlyMap<number, number>): { bucket: string; min: number; max: number | null; count: number }[] {
  return LENGTH_BUCKETS.map((bucket) => {
    let count = 0;
    for (const [length, n] of counts) if (length >= bucket.min && (bucket.max === null || length <= bucket.max)) count += n;
    return { bucket: lengthBucketLabel(bucket), min: bucket.min, max: bucket.max, count };
  });
}
