// Contract of GET /api/analytics (spec sections 3 and 7).
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
}
