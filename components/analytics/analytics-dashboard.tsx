"use client";
// Analytics page: back button, title and range subtitle, presets and custom range,
// then the cards and charts of the chosen range and its insights; Loading analytics... and
// the Error card.
import { useState } from "react";
import Link from "next/link";
import { ArrowLeft, LoaderCircle } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorNoticeCard } from "@/components/ui/notice-card";
import { PageTitle } from "@/components/layout/page-title";
import { useAnalytics, viewerTimeZone } from "@/lib/queries/analytics";
import { drillDownHref, type SliceHref } from "@/lib/insights/drill-down";
import { DEFAULT_ANALYTICS_DAYS, presetRange, rangeSubtitle } from "@/lib/charts/analytics-range";
import { RangePicker, type RangeSelection } from "./range-picker";
import { SummaryCards } from "./summary-cards";
import { AnalyticsCharts } from "./analytics-charts";
import { InsightsSection } from "./insights-section";

function LoadingState() {
  return (
    <div aria-busy="true">
      <p role="status" className="mb-4 flex items-center gap-2 text-slate-600">
        <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden />
        Loading analytics...
      </p>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="mt-6 h-80 rounded-xl" />
    </div>
  );
}

/** `now`: where the default range ends, as an ISO instant: the server's clock, so that the range it prefetched is the one shown. */
export function AnalyticsDashboard({ now = new Date().toISOString() }: { now?: string }) {
  const [selection, setSelection] = useState<RangeSelection>(() => ({
    choice: DEFAULT_ANALYTICS_DAYS,
    range: presetRange(DEFAULT_ANALYTICS_DAYS, new Date(now)),
  }));
  const analytics = useAnalytics(selection.range);
  const isUpdating = analytics.isPlaceholderData && analytics.isFetching;
  // Every figure opens the dashboard on its conversations.
  const bounds = { startTime: selection.range.start.toISOString(), endTime: selection.range.end.toISOString() };
  const href: SliceHref = (slice) => drillDownHref(bounds, viewerTimeZone(), slice);

  return (
    <>
      <Link href="/dashboard" className={buttonClasses({ variant: "ghost", size: "sm", className: "-ml-3 mb-3" })}>
        <ArrowLeft aria-hidden />
        Back to Dashboard
      </Link>
      <PageTitle title="Analytics Dashboard" subtitle={<span data-testid="range-subtitle">{rangeSubtitle(selection.range)}</span>} />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <RangePicker value={selection} onChange={setSelection} />
        {isUpdating ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle className="size-4 animate-spin text-indigo-600" aria-hidden />
            Updating...
          </p>
        ) : null}
      </div>

      {analytics.isError ? (
        <ErrorNoticeCard title="Error" message="Failed to load analytics data" />
      ) : !analytics.data ? (
        <LoadingState />
      ) : (
        <div
          className={isUpdating ? "space-y-6 opacity-60 transition-opacity" : "space-y-6 transition-opacity"}
          aria-busy={isUpdating}
          data-testid="analytics-content"
        >
          <SummaryCards data={analytics.data} />
          <AnalyticsCharts data={analytics.data} href={href} />
          <InsightsSection insights={analytics.data.insights} range={selection.range} href={href} />
        </div>
      )}
    </>
  );
}
