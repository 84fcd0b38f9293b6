// GET /api/analytics (spec section 7): the figures of the Analytics page for a range, bucketed in
// the viewer's time zone. A new range keeps the previous figures on screen until the new ones arrive.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";
import type { TopQuestion } from "@/lib/schemas/insights";

export const ANALYTICS_URL = "/api/analytics";

/** The viewer's IANA time zone, e.g. 'Europe/Paris' (UTC when the browser does not say). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * The cookie that tells the server the viewer's time zone, so that the Analytics page it renders
 * fetches the very query the browser would (the key holds the zone). Not a secret: a name like
 * 'Europe/Paris', checked by the analytics schema wherever it is read.
 */
export const TIME_ZONE_COOKIE = "tz";

/** Keeps the viewer's time zone in TIME_ZONE_COOKIE for a year. */
export function rememberViewerTimeZone(): void {
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(viewerTimeZone())}; path=/; max-age=31536000; samesite=lax`;
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

/** The request for a range in a time zone: the browser's hook and the server's prefetch build it alike. */
export function analyticsRequest(range: { start: Date; end: Date }, tz: string): AnalyticsRequest {
  return { startTime: range.start.toISOString(), endTime: range.end.toISOString(), tz };
}

export function useAnalytics(range: { start: Date; end: Date }) {
  const request = analyticsRequest(range, viewerTimeZone());
  return useQuery({
    queryKey: analyticsKeys.range(request),
    queryFn: () => apiRequest<AnalyticsResponse>("GET", analyticsUrl(request)),
    placeholderData: keepPreviousData,
  });
}

export const TOP_QUESTIONS_URL = `${ANALYTICS_URL}/top-questions`;

/** How the top questions are ranked: by count, or by count x fallback rate ("top unanswered"). */
export type TopQuestionsSort = "count" | "unanswered";

/** GET /api/analytics/top-questions for the range (issue 33). */
export function useTopQuestions(range: { start: Date; end: Date }, sort: TopQuestionsSort) {
  const request = { startTime: range.start.toISOString(), endTime: range.end.toISOString(), tz: viewerTimeZone(), sort, limit: "20" };
  return useQuery({
    queryKey: [TOP_QUESTIONS_URL, request] as const,
    queryFn: () => apiRequest<TopQuestion[]>("GET", `${TOP_QUESTIONS_URL}?${new URLSearchParams(request)}`),
    placeholderData: keepPreviousData,
  });
}
