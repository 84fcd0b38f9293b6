// Contract of GET /api/analytics (spec sections 3 and 7).
import { z } from "zod";
import { instantParam, refineRange } from "./query-params";
import { isValidTimeZone } from "@/lib/transcripts/time-zone";

export const analyticsQuerySchema = z
  .object({
    startTime: instantParam("startTime"),
    endTime: instantParam("endTime"),
    tz: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const zone = value?.trim() || "UTC";
        if (!isValidTimeZone(zone)) {
          ctx.addIssue({ code: "custom", message: "must be an IANA time zone name such as Europe/Paris" });
          return z.NEVER;
        }
        return zone;
      }),
  })
  .superRefine(refineRange);
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

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
