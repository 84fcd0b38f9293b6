// Analytics page: the presets of the last 7, 30 and 90 days (default 30),
// a custom range applied only when both ends are picked, and the subtitle that states the range.
import { endOfDay, startOfDay, subDays } from "date-fns";
import { formatDate } from "@/lib/format/date-time";

export const ANALYTICS_PRESETS = [7, 30, 90] as const;
export type AnalyticsPresetDays = (typeof ANALYTICS_PRESETS)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsPresetDays = 30;

export interface AnalyticsRange {
  start: Date;
  end: Date;
}

/** Which control chose the range: a preset (its days) or the custom calendar. */
export type AnalyticsRangeChoice = AnalyticsPresetDays | "custom";

export function presetLabel(days: AnalyticsPresetDays): string {
  return `Last ${days} days`;
}

/** A preset runs from N days before now to now. */
export function presetRange(days: AnalyticsPresetDays, now: Date = new Date()): AnalyticsRange {
  return { start: subDays(now, days), end: now };
}

/**
 * A custom range applies only when both start and end are picked; it covers the
 * start day from midnight to the end day's last millisecond, in the viewer's calendar.
 */
export function customRange(picked: { from?: Date; to?: Date } | undefined): AnalyticsRange | null {
  if (!picked?.from || !picked.to) return null;
  const [first, last] = picked.from.getTime() <= picked.to.getTime() ? [picked.from, picked.to] : [picked.to, picked.from];
  return { start: startOfDay(first), end: endOfDay(last) };
}

/** The subtitle under the title, e.g. 'Showing data from Mar 5, 2025 to Apr 4, 2025'. */
export function rangeSubtitle(range: AnalyticsRange): string {
  return `Showing data from ${formatDate(range.start)} to ${formatDate(range.end)}`;
}
