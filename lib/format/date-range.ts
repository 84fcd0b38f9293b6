// The dashboard's date range (default the last 7 days; quick ranges 7, 30, 90),
// and the longest range the date pickers of both screens let through.
import { differenceInCalendarDays, endOfDay, startOfDay, subDays } from "date-fns";
import { MAX_RANGE_DAYS } from "@/lib/schemas/query-params";

export const DEFAULT_RANGE_DAYS = 7;
export const QUICK_RANGE_DAYS = [7, 30, 90] as const;

export interface DateRange {
  start: Date;
  end: Date;
}

/** A quick range sets start to N days before now and end to now. */
export function lastDaysRange(days: number, now: Date = new Date()): DateRange {
  return { start: subDays(now, days), end: now };
}

/** A day picked as the start takes the range from that day's first moment. */
export function pickedStart(day: Date): Date {
  return startOfDay(day);
}

/** A day picked as the end takes the range to that day's last moment, so the day is included. */
export function pickedEnd(day: Date): Date {
  return endOfDay(day);
}

/**
 * Whether a range covers more calendar days than the server accepts (MAX_RANGE_DAYS): a picker
 * refuses it, as the list and analytics calls would answer 400.
 */
export function spansTooManyDays(start: Date, end: Date): boolean {
  return differenceInCalendarDays(end, start) + 1 > MAX_RANGE_DAYS;
}

/** Shown where a date picker refuses a range longer than MAX_RANGE_DAYS. */
export const RANGE_TOO_LONG_MESSAGE = `The date range may span at most ${MAX_RANGE_DAYS.toLocaleString("en-US")} days.`;
