// Spec sections 2 and 9: the dashboard's date range (default the last 7 days; quick ranges 7, 30, 90).
import { endOfDay, startOfDay, subDays } from "date-fns";

export const DEFAULT_RANGE_DAYS = 7;
export const QUICK_RANGE_DAYS = [7, 30, 90] as const;

export interface DateRange {
  start: Date;
  end: Date;
}

/** Spec section 2: a quick range sets start to N days before now and end to now. */
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
