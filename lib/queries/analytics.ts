// GET /api/analytics (spec section 7): the figures of the Analytics page for a range, bucketed in
// the viewer's time zone. A new range keeps the previous figures on screen until the new ones arrive.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";

export const ANALYTICS_URL = "/api/analytics";

/** The viewer's IANA time zone, e.g. 'Europe/Paris' (UTC when the browser does not say). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export interface AnalyticsRequest {
  startTime: string;
  endTime: string;
  tz: string;
}

export const analyticsKeys = {
  all: [ANALYTICS_URL] as const,
  range: (request: AnalyticsRequest) => [ANALYTICS_URL, request] as const,
};

export function analyticsUrl({ startTime, endTime, tz }: AnalyticsRequest): string {
  return `${ANALYTICS_URL}?${new URLSearchParams({ startTime, endTime, tz })}`;
}

export function useAnalytics(range: { start: Date; end: Date }) {
  const request: AnalyticsRequest = { startTime: range.start.toISOString(), endTime: range.end.toISOString(), tz: viewerTimeZone() };
  return useQuery({
    queryKey: analyticsKeys.range(request),
    queryFn: () => apiRequest<AnalyticsResponse>("GET", analyticsUrl(request)),
    placeholderData: keepPreviousData,
  });
}
