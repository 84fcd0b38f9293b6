// Days and hours in the viewer's time zone (an IANA name) for the analytics: the UTC offsets in
// force over a range, found with Intl, so that both databases bucket with plain integer arithmetic.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes to add to UTC to get the wall clock of the zone at that instant (e.g. 330 for India). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const utcSeconds = Math.floor(ms / 1000) * 1000;
  return Math.round((wall - utcSeconds) / 60_000);
}

export interface OffsetSegment {
  /** The instant from which `offset` applies (the first segment's is the range start). */
  fromMs: number;
  offset: number;
}

/** The zone's offset at `ms`: that of the last segment begun by then (the first before it begins). */
export function offsetAt(segments: readonly OffsetSegment[], ms: number): number {
  let offset = segments[0].offset;
  for (const segment of segments) if (segment.fromMs <= ms) offset = segment.offset;
  return offset;
}

/** Offsets in force over [startMs, endMs], with the instants where they change (DST). */
export function offsetSegments(timeZone: string, startMs: number, endMs: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ fromMs: startMs, offset: offsetMinutes(timeZone, startMs) }];
  const firstYear = new Date(startMs).getUTCFullYear();
  const lastYear = new Date(endMs).getUTCFullYear();
  for (let year = firstYear; year <= lastYear; year++) {
    for (const change of transitionsOfYear(timeZone, year)) {
      if (change.fromMs > startMs && change.fromMs <= endMs) segments.push(change);
    }
  }
  return segments;
}

const transitionCache = new Map<string, OffsetSegment[]>();

/**
 * The instants in a UTC year at which the zone's offset changes, found once per zone and year
 * (Intl is slow) and then kept. Zones change at most a few times a year and never twice within a
 * week (the closest changes in the time zone database since 1970 are 7 days apart), so a probe
 * every 6 days finds every change. The lookups run on the event loop, for each new zone and year an
 * analytics call names: they are kept few.
 */
function transitionsOfYear(timeZone: string, year: number): OffsetSegment[] {
  const key = `${timeZone}\u0000${year}`;
  let transitions = transitionCache.get(key);
  if (transitions) return transitions;
  transitions = [];
  const PROBE_STEP_MS = 6 * 86_400_000;
  const yearEnd = Date.UTC(year + 1, 0, 1);
  let previousMs = Date.UTC(year, 0, 1);
  let previousOffset = offsetMinutes(timeZone, previousMs);
  while (previousMs < yearEnd) {
    const probe = Math.min(previousMs + PROBE_STEP_MS, yearEnd);
    const offset = offsetMinutes(timeZone, probe);
    if (offset !== previousOffset) {
      // Narrow down to the minute at which it changed (zone changes fall on whole minutes).
      let low = Math.floor(previousMs / 60_000);
      let high = Math.ceil(probe / 60_000);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetMinutes(timeZone, middle * 60_000) === previousOffset) low = middle;
        else high = middle;
      }
      if (high * 60_000 <= yearEnd) transitions.push({ fromMs: high * 60_000, offset });
      previousOffset = offset;
    }
    previousMs = probe;
  }
  if (transitionCache.size > 1000) transitionCache.clear();
  transitionCache.set(key, transitions);
  return transitions;
}

/** Local day number (days since 1970-01-01 on the zone's calendar) of an instant at an offset. */
export function localDayNumber(ms: number, offset: number): number {
  return Math.floor((ms + offset * 60_000) / 86_400_000);
}

/** 'yyyy-MM-dd' of a day number. */
export function dayKey(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}
