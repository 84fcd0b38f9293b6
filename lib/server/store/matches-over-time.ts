// Where in a range the matches of a search lie. Search totals are counted per day and hour (and
// cached: search-count-cache.ts), so a page deep into the results need not walk past every match
// before it: it can start in the stretch that holds its first row.

/** The matches of a search in one stretch of a range: [fromMs, toMs], both inclusive. */
export interface MatchesInStretch {
  fromMs: number;
  toMs: number;
  count: number;
}

export interface Walk {
  startMs: number;
  endMs: number;
  /** Matches to pass, in walking order, before the page's first row. */
  skip: number;
}

/**
 * Narrows a walk over [startMs, endMs] that passes `skip` matches (newest first, or oldest first
 * when `fromOldest`) to begin at the stretch holding the first row it keeps. `stretches` must not
 * overlap and must hold every match of the range, each with its exact count (stretches without a
 * match may be left out); a skip past all of them (no page) leaves the walk as it is.
 */
export function narrowWalk(
  range: { startMs: number; endMs: number },
  stretches: readonly MatchesInStretch[],
  skip: number,
  fromOldest: boolean,
): Walk {
  const ordered = [...stretches].sort((a, b) => (fromOldest ? a.fromMs - b.fromMs : b.fromMs - a.fromMs));
  let passed = 0;
  for (const stretch of ordered) {
    if (passed + stretch.count > skip) {
      return fromOldest
        ? { startMs: Math.max(range.startMs, stretch.fromMs), endMs: range.endMs, skip: skip - passed }
        : { startMs: range.startMs, endMs: Math.min(range.endMs, stretch.toMs), skip: skip - passed };
    }
    passed += stretch.count;
  }
  return { ...range, skip };
}
