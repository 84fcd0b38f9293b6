// Analytics page, cards: Peak Hour, Top Device and Daily Average.
import { NOT_AVAILABLE } from "@/lib/format/date-time";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";

/** Peak Hour: the hour with the highest count (the earliest on a tie) as 'hour:00'; N/A when no hour has any. */
export function peakHourLabel(peakHours: AnalyticsResponse["peakHours"]): string {
  let peak: { hour: number; count: number } | null = null;
  for (const entry of peakHours) {
    if (entry.count > 0 && (peak === null || entry.count > peak.count || (entry.count === peak.count && entry.hour < peak.hour)))
      peak = entry;
  }
  return peak ? `${peak.hour}:00` : NOT_AVAILABLE;
}

/** Top Device: the name of the first entry of the device distribution (largest first); N/A if none. */
export function topDeviceName(deviceDistribution: AnalyticsResponse["deviceDistribution"]): string {
  return deviceDistribution[0]?.name || NOT_AVAILABLE;
}

/** Daily Average: the total over the number of days in the over-time series, rounded; 0 if the series is empty. */
export function dailyAverage(total: number, transcriptsOverTime: AnalyticsResponse["transcriptsOverTime"]): number {
  if (transcriptsOverTime.length === 0) return 0;
  return Math.round(total / transcriptsOverTime.length);
}
