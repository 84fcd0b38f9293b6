import "server-only";
import { countForAnalytics, ROLLUP_DIMENSIONS, type RollupDimension } from "../store";
import { dayKey, localDayNumber, offsetSegments } from "@/lib/transcripts/time-zone";
import { UNKNOWN_ATTRIBUTE, type AnalyticsQuery, type AnalyticsResponse, type NameValue } from "@/lib/schemas/analytics";


/**
 * Totals, transcripts per day and per hour of day in the time zone, and the device, os and browser
 * distributions of the transcripts created in [startTime, endTime]. Signed-in users.
 */
export async function getAnalytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const startMs = query.startTime.getTime();
  const endMs = query.endTime.getTime();
  const segments = offsetSegments(query.tz, startMs, endMs);
  const counts = await countForAnalytics({ startMs, endMs }, segments);

  const firstDay = localDayNumber(startMs, segments[0].offset);
  const lastDay = localDayNumber(endMs, segments[segments.length - 1].offset);
  const transcriptsOverTime = [];
  let total = 0;
  for (const count of counts.perLocalDay.values()) total += count;
  for (let day = firstDay; day <= lastDay; day++) transcriptsOverTime.push({ date: dayKey(day), count: counts.perLocalDay.get(day) ?? 0 });

  const distributions: Record<RollupDimension, NameValue[]> = { device: [], os: [], browser: [] };
  for (const row of counts.attributes) {
    if (row.count > 0) distributions[row.dimension]?.push({ name: row.value || UNKNOWN_ATTRIBUTE, value: row.count });
  }
  for (const dimension of ROLLUP_DIMENSIONS) distributions[dimension] = mergeAndSort(distributions[dimension]);

  return {
    total,
    transcriptsOverTime,
    peakHours: counts.perLocalHour.map((count, hour) => ({ hour, count })),
    deviceDistribution: distributions.device,
    osDistribution: distributions.os,
    browserDistribution: distributions.browser,
  };
}

/** Largest first, then by name; '' and a literal 'unknown' are one entry. */
function mergeAndSort(entries: NameValue[]): NameValue[] {
  const merged = new Map<string, number>();
  for (const entry of entries) merged.set(entry.name, (merged.get(entry.name) ?? 0) + entry.value);
  return [...merged]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
