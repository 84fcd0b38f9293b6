// Contract of GET /api/analytics (spec sections 3 and 7).
import { z } from "zod";
import { instantParam, refineRange } from "./query-params";
import { isValidTimeZone } from "@/lib/transcripts/time-zone";

/** Three years of days is the longest series the endpoint draws. */
export const ANALYTICS_MAX_DAYS = 1096;

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
  .superRefine((value, ctx) => {
    refineRange(value, ctx);
    if (!(value.startTime instanceof Date) || !(value.endTime instanceof Date)) return;
    if (value.endTime.getTime() - value.startTime.getTime() > ANALYTICS_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: `the range may span at most ${ANALYTICS_MAX_DAYS} days` });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export interface NameValue {
  name: string;
  value: number;
}

export interface AnalyticsResponse {
  total: number;
  /** Every day of the range in the time zone, zero days included, 'yyyy-MM-dd'. */
  transcriptsOverTime: { date: string; count: number }[];
  /** Hours 0-23 of the time zone. */
  peakHours: { hour: number; count: number }[];
  /** Largest first; transcripts without the field count as 'unknown'. */
  deviceDistribution: NameValue[];
  osDistribution: NameValue[];
  browserDistribution: NameValue[];
}
