// Contract of GET /api/analytics.
import { z } from "zod";
import { instantParam, refineRange, timeZoneParam } from "./query-params";

export const analyticsQuerySchema = z
  .object({
    startTime: instantParam("startTime"),
    endTime: instantParam("endTime"),
    tz: timeZoneParam(),
  })
  .superRefine(refineRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** The name under which transcripts without a device, os or browser are counted (and filtered). */
export const UNKNOWN_ATTRIBUTE = "unknown";

export interface NameValue {
  name: string;
  value: number;
}

export interface AnalyticsResponse {
  total: number;
  /** Every day of the range in the time zone (a range spans at most MAX_RANGE_DAYS), zero days included, 'yyyy-MM-dd'. */
  transcriptsOverTime: { date: string; count: number }[];
  /** Hours 0-23 of the time zone. */
  peakHours: { hour: number; count: number }[];
  /** Largest first; transcripts without the field count as 'unknown'. */
  deviceDistribution: NameValue[];
  osDistribution: NameValue[];
  browserDistribution: NameValue[];
  insights: AnalyticsInsights;
}

/** The insights' headline figures for a period; null where there is nothing to divide. */
export interface InsightRates {
  /** Share of conversations without a handoff. */
  containmentRate: number | null;
  /** Share of conversations with a fallback. */
  fallbackRate: number | null;
  /** Share of rated answers rated helpful. */
  helpfulRate: number | null;
  /** Median conversation length, in messages. */
  medianMessages: number | null;
}

/** A signal per day of the range: its conversations, and their share of the day's. */
export interface SignalDay {
  date: string;
  rate: number;
  count: number;
}

/** What GET /api/analytics adds, for the same range and time zone. */
export interface AnalyticsInsights extends InsightRates {
  /** The same figures for the period of the same length just before. */
  previous: InsightRates;
  /** Every day of the range, as transcriptsOverTime. */
  fallbackOverTime: SignalDay[];
  handoffOverTime: SignalDay[];
  /** Conversations with a helpful, and with a not helpful, rating, per day. */
  ratingsOverTime: { date: string; helpful: number; notHelpful: number }[];
  /** Conversations per length bucket ("3-4", "51+"), with the bucket's bounds in messages (max null: open). */
  lengthHistogram: { bucket: string; min: number; max: number | null; count: number }[];
  /** Conversations per local weekday (0 Monday to 6 Sunday) and hour, every cell included. */
  heatmap: { weekday: number; hour: number; count: number }[];
}
