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

/** Offsets in force over [startMs, endMs], with the instants where they change (DST). */
export function offsetSegments(timeZone: string, startMs: number, endMs: number): OffsetSegment[] {
  const STEP = 6 * 60 * 60_000;
  const segments: OffsetSegment[] = [{ fromMs: startMs, offset: offsetMinutes(timeZone, startMs) }];
  let previousMs = startMs;
  let previousOffset = segments[0].offset;
  for (let probe = Math.min(startMs + STEP, endMs); ; probe = Math.min(probe + STEP, endMs)) {
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
      segments.push({ fromMs: high * 60_000, offset });
      previousOffset = offset;
    }
    previousMs = probe;
    if (probe >= endMs) break;
  }
  return segments;
}

/** Local day number (days since 1970-01-01 on the zone's calendar) of an instant at an offset. */
export function localDayNumber(ms: number, offset: number): number {
  return Math.floor((ms + offset * 60_000) / 86_400_000);
}

/** 'yyyy-MM-dd' of a day number. */
export function dayKey(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}
