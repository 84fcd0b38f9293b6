// Drill-down: from any figure of the Analytics page to the dashboard filtered to exactly
// its conversations, through the address: the range (or one local day of it), and the slice's
// filters under the list call's own parameter names, so that the list's total is the figure.
import { dayKey, localDayNumber, offsetMinutes } from "@/lib/transcripts/time-zone";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

/** A slice's list filters (signal, questionGroup, device, os, browser, hour, weekday, feedback, ...). */
export type SliceFilters = Record<string, string>;

/** The dashboard's address of a slice of the page's range: the range or one local day of it, and filters. */
export type SliceHref = (slice: { day?: string; filters?: SliceFilters }) => string;

/** The first instant of a local day (days since 1970-01-01 in the zone). */
function localMidnight(day: number, timeZone: string): number {
  let ms = day * DAY_MS - offsetMinutes(timeZone, day * DAY_MS) * 60_000;
  // The offset at the guess may differ from the one at midnight by a change of offset in between.
  ms = day * DAY_MS - offsetMinutes(timeZone, ms) * 60_000;
  return localDayNumber(ms, offsetMinutes(timeZone, ms)) < day ? ms + 3_600_000 : ms;
}

/** The first and last millisecond of the local day 'yyyy-MM-dd' in the zone, within [startMs, endMs]. */
export function localDayWithin(date: string, timeZone: string, startMs: number, endMs: number): { startMs: number; endMs: number } {
  const day = Math.round(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);
  return { startMs: Math.max(localMidnight(day, timeZone), startMs), endMs: Math.min(localMidnight(day + 1, timeZone) - 1, endMs) };
}

/** The local day 'yyyy-MM-dd' of an instant in the zone. */
export function localDate(ms: number, timeZone: string): string {
  return dayKey(localDayNumber(ms, offsetMinutes(timeZone, ms)));
}

/**
 * The dashboard's address for a slice of the analytics range: the whole range, or the local `day`
 * of it, with the slice's filters; the time zone goes along when a filter reads the local time.
 */
export function drillDownHref(
  range: { startTime: string; endTime: string },
  timeZone: string,
  slice: { day?: string; filters?: SliceFilters },
): string {
  let startMs = Date.parse(range.startTime);
  let endMs = Date.parse(range.endTime);
  if (slice.day) ({ startMs, endMs } = localDayWithin(slice.day, timeZone, startMs, endMs));
  const query = new URLSearchParams({ startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() });
  const filters = slice.filters ?? {};
  for (const [key, value] of Object.entries(filters)) query.set(key, value);
  if ("hour" in filters || "weekday" in filters) query.set("tz", timeZone);
  return `/dashboard?${query}`;
}
