import type { Metadata } from "next";
import { cookies } from "next/headers";
import { HydrationBoundary } from "@tanstack/react-query";
import { AnalyticsDashboard } from "@/components/analytics/analytics-dashboard";
import { TIME_ZONE_COOKIE } from "@/lib/queries/analytics";
import { analyticsFirstView } from "@/lib/server/pages/first-views";

export const metadata: Metadata = { title: "Analytics Dashboard · Transcript Analytics" };

export default async function AnalyticsPage() {
  const now = new Date();
  // The default range's figures are in the first HTML for a signed-in user whose time zone the browser has told.
  const state = await analyticsFirstView({ now, tz: (await cookies()).get(TIME_ZONE_COOKIE)?.value });
  return (
    <HydrationBoundary state={state}>
      <AnalyticsDashboard now={now.toISOString()} />
    </HydrationBoundary>
  );
}
