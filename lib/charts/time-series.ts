// Analytics page: the points of the Transcripts Over Time line and the Peak Hours
// bars, with the labels their axes and tooltips show.
import { format, isValid, parse } from "date-fns";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";

/** A day's labels on a chart. */
export interface DayLabels {
  date: string;
  /** Axis label, e.g. 'Mar 5'. */
  label: string;
  /** Tooltip label, e.g. 'Wed, Mar 5, 2025'. */
  fullLabel: string;
}

export interface DayPoint extends DayLabels {
  count: number;
}

export interface HourPoint {
  hour: number;
  /** Axis and tooltip label, e.g. '14:00'. */
  label: string;
  count: number;
}

/** Each day of a series with its labels, in order; a 'yyyy-MM-dd' that does not parse keeps its raw text. */
export function withDayLabels<T extends { date: string }>(series: readonly T[]): (T & DayLabels)[] {
  return series.map((day) => {
    const parsed = parse(day.date, "yyyy-MM-dd", new Date(2000, 0, 1));
    const valid = isValid(parsed);
    return { ...day, label: valid ? format(parsed, "MMM d") : day.date, fullLabel: valid ? format(parsed, "EEE, MMM d, yyyy") : day.date };
  });
}

/** One point per day of the series (Transcripts Over Time), in order. */
export function prepareOverTime(series: AnalyticsResponse["transcriptsOverTime"]): DayPoint[] {
  return withDayLabels(series.map(({ date, count }) => ({ date, count })));
}

/** All 24 hours of the day, in order, zero where the response has none. */
export function preparePeakHours(peakHours: AnalyticsResponse["peakHours"]): HourPoint[] {
  const counts = new Array<number>(24).fill(0);
  for (const { hour, count } of peakHours) if (Number.isInteger(hour) && hour >= 0 && hour < 24) counts[hour] += count;
  return counts.map((count, hour) => ({ hour, label: `${hour}:00`, count }));
}

/** A chart with nothing to plot (no points, or only zeros) shows No data available. */
export function hasCounts(points: readonly { count: number }[]): boolean {
  return points.some((point) => point.count > 0);
}
