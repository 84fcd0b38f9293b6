import "server-only";
import {
  countForAnalytics,
  countForInsights,
  ROLLUP_DIMENSIONS,
  type AnalyticsCounts,
  type InsightCounts,
  type RollupDimension,
} from "../store";
import { dayKey, localDayNumber, offsetSegments } from "@/lib/transcripts/time-zone";
import { lengthHistogram, medianOfCounts, rate } from "@/lib/insights/insight-math";
import {
  UNKNOWN_ATTRIBUTE,
  type AnalyticsInsights,
  type AnalyticsQuery,
  type AnalyticsResponse,
  type InsightRates,
  type NameValue,
} from "@/lib/schemas/analytics";

/**
 * Totals, transcripts per day and per hour of day in the time zone, the device, os and browser
 * distributions, and the insights of the transcripts created in [startTime, endTime],
 * with the insights' headline figures for the period of the same length just before. Signed-in users.
 */
export async function getAnalytics(query: AnalyticsQuery): Promise<AnalyticsResponse> {
  const startMs = query.startTime.getTime();
  const endMs = query.endTime.getTime();
  const segments = offsetSegments(query.tz, startMs, endMs);
  const previousRange = { startMs: startMs - (endMs - startMs) - 1, endMs: startMs - 1 };
  const previousSegments = offsetSegments(query.tz, previousRange.startMs, previousRange.endMs);
  const [counts, insightCounts, previousCounts, previousInsightCounts] = await Promise.all([
    countForAnalytics({ startMs, endMs }, segments),
    countForInsights({ startMs, endMs }, segments),
    countForAnalytics(previousRange, previousSegments),
    countForInsights(previousRange, previousSegments),
  ]);

  const firstDay = localDayNumber(startMs, segments[0].offset);
  const lastDay = localDayNumber(endMs, segments[segments.length - 1].offset);
  const days: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) days.push(day);
  const transcriptsOverTime = days.map((day) => ({ date: dayKey(day), count: counts.perLocalDay.get(day) ?? 0 }));

  const distributions: Record<RollupDimension, NameValue[]> = { device: [], os: [], browser: [] };
  for (const row of counts.attributes) {
    if (row.count > 0) distributions[row.dimension]?.push({ name: row.value || UNKNOWN_ATTRIBUTE, value: row.count });
  }
  for (const dimension of ROLLUP_DIMENSIONS) distributions[dimension] = mergeAndSort(distributions[dimension]);

  const total = sum(counts.perLocalDay.values());
  return {
    total,
    transcriptsOverTime,
    peakHours: counts.perLocalHour.map((count, hour) => ({ hour, count })),
    deviceDistribution: distributions.device,
    osDistribution: distributions.os,
    browserDistribution: distributions.browser,
    insights: insightsOf(days, counts, insightCounts, insightRates(previousCounts, previousInsightCounts)),
  };
}

function insightsOf(days: number[], counts: AnalyticsCounts, insights: InsightCounts, previous: InsightRates): AnalyticsInsights {
  const signalOverTime = (kind: "fallback" | "handoff") =>
    days.map((day) => {
      const count = insights.perLocalDay[kind].get(day) ?? 0;
      return { date: dayKey(day), rate: rate(count, counts.perLocalDay.get(day) ?? 0) ?? 0, count };
    });
  return {
    ...insightRates(counts, insights),
    previous,
    fallbackOverTime: signalOverTime("fallback"),
    handoffOverTime: signalOverTime("handoff"),
    ratingsOverTime: days.map((day) => ({
      date: dayKey(day),
      helpful: insights.perLocalDay.thumbs_up.get(day) ?? 0,
      notHelpful: insights.perLocalDay.thumbs_down.get(day) ?? 0,
    })),
    lengthHistogram: lengthHistogram(counts.perMessageCount),
    heatmap: counts.perLocalWeekHour.map((count, index) => ({ weekday: Math.floor(index / 24), hour: index % 24, count })),
  };
}

/** The headline figures of a period. */
function insightRates(counts: AnalyticsCounts, insights: InsightCounts): InsightRates {
  const total = sum(counts.perLocalDay.values());
  const { thumbs_up: helpful, thumbs_down: notHelpful } = insights.ratings;
  const handoff = rate(sum(insights.perLocalDay.handoff.values()), total);
  return {
    containmentRate: handoff === null ? null : 1 - handoff,
    fallbackRate: rate(sum(insights.perLocalDay.fallback.values()), total),
    helpfulRate: rate(helpful, helpful + notHelpful),
    medianMessages: medianOfCounts(counts.perMessageCount),
  };
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** Largest first, then by name; '' and a literal 'unknown' are one entry. */
function mergeAndSort(entries: NameValue[]): NameValue[] {
  const merged = new Map<string, number>();
  for (const entry of entries) merged.set(entry.name, (merged.get(entry.name) ?? 0) + entry.value);
  return [...merged]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
