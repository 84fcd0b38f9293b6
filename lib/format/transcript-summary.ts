// The four summary cards of the Transcript Analytics screen.
import { DAY_MS } from "@/lib/transcripts/time-buckets";

export const TOP_DEVICE_NONE = "N/A";
export const UNKNOWN_DEVICE = "unknown";

export interface DeviceFields {
  device?: string | null;
  os?: string | null;
  browser?: string | null;
}

/**
 * Top Device: the most frequent of each row's device, else os, else browser,
 * else 'unknown', across the shown rows; 'N/A' when there are none. A tie goes to the value seen first.
 */
export function topDevice(rows: readonly DeviceFields[]): string {
  if (rows.length === 0) return TOP_DEVICE_NONE;
  const counts = new Map<string, number>();
  let best = UNKNOWN_DEVICE;
  let bestCount = 0;
  for (const row of rows) {
    const value = firstPresent(row.device, row.os, row.browser) ?? UNKNOWN_DEVICE;
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

function firstPresent(...values: (string | null | undefined)[]): string | undefined {
  return values.find((value): value is string => typeof value === "string" && value.trim() !== "");
}

/** Unique Sessions: distinct sessionId values on the shown rows. */
export function uniqueSessions(rows: readonly { sessionId: string }[]): number {
  return new Set(rows.map((row) => row.sessionId)).size;
}

/** Date Range card: whole days the range spans, rounded up, at least 1. */
export function rangeDays(start: Date, end: Date): number {
  const span = end.getTime() - start.getTime();
  if (!Number.isFinite(span) || span <= 0) return 1;
  return Math.max(1, Math.ceil(span / DAY_MS - 1e-9));
}

/** '7 days', '1 day'. */
export function daysLabel(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}
