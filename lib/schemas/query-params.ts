// Building blocks for query-string contracts: every value arrives as a string, and a bad one must
// produce a 400 with a message that names it (route() prefixes the parameter name).
import { z } from "zod";
import { parseInstant } from "@/lib/transcripts/instant";
import { isValidTimeZone } from "@/lib/transcripts/time-zone";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

/** A required instant: an ISO 8601 date or date-time (UTC unless it names a zone). */
export function instantParam(name: string) {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(64, "must be an ISO 8601 date")
    .transform((value, ctx) => {
      const instant = parseInstant(value);
      if (!instant) {
        ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date, e.g. 2025-03-05T15:04:00Z" });
        return z.NEVER;
      }
      return instant;
    });
}

/** An optional whole number within [min, max], `fallback` when absent or empty. */
export function integerParam(options: { min: number; max: number; fallback: number }) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? "";
      if (text === "") return options.fallback;
      const number = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(number) || number < options.min || number > options.max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${options.min} to ${options.max}` });
        return z.NEVER;
      }
      return number;
    });
}

/** An optional trimmed text of at most `max` characters; null when absent or blank. */
export function optionalTextParam(max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? "";
      if (text.length > max) {
        ctx.addIssue({ code: "custom", message: `must be at most ${max} characters` });
        return z.NEVER;
      }
      return text === "" ? null : text;
    });
}

/** An optional IANA time zone name; "UTC" when absent or blank. */
export function timeZoneParam() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const zone = value?.trim() || "UTC";
      if (!isValidTimeZone(zone)) {
        ctx.addIssue({ code: "custom", message: "must be an IANA time zone name such as Europe/Paris" });
        return z.NEVER;
      }
      return zone;
    });
}

/**
 * The longest range, in days, that the list, search, export and analytics calls accept: the work
 * of a search and the analytics series grow with the range, so an unbounded one lets a single
 * caller occupy the server.
 */
export const MAX_RANGE_DAYS = 1096;

/**
 * MAX_RANGE_DAYS whole local days, from the first one's midnight to the last one's end, last one
 * hour longer when the clocks go back in between: the date pickers' longest range must pass.
 */
const MAX_RANGE_MS = MAX_RANGE_DAYS * DAY_MS + DAY_MS / 24;

/** Cross-field rules: the range must not run backwards, nor span more than MAX_RANGE_DAYS days. */
export function refineRange(value: { startTime: Date; endTime: Date }, ctx: z.RefinementCtx): void {
  // Runs even when a field already failed: only compare two real dates.
  if (!(value.startTime instanceof Date) || !(value.endTime instanceof Date)) return;
  const spanMs = value.endTime.getTime() - value.startTime.getTime();
  if (spanMs < 0) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: "must not be before startTime" });
  } else if (spanMs > MAX_RANGE_MS) {
    ctx.addIssue({ code: "custom", path: ["endTime"], message: `the range may span at most ${MAX_RANGE_DAYS} days` });
  }
}
