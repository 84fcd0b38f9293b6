"use client";
// Transcript Analytics screen: the date range, the summary cards, the search and
// session filters, and the transcript list with its states, pagination and exports. The list
// card's code (table, pagination, page-size select, Export menu) is downloaded once a fetch is
// asked for, alongside the list call; until both are there the list shows its loading skeleton.
import { lazy, Suspense, useEffect, useMemo } from "react";
import { PageTitle } from "@/components/layout/page-title";
import { daysLabel, rangeDays, topDevice, uniqueSessions } from "@/lib/format/transcript-summary";
import { DateRangeCard } from "./date-range-card";
import { SearchFilterCard } from "./search-filter-card";
import { ReviewFilters } from "./review-filters";
import { dashboardQuery, hasListFilters } from "@/lib/queries/dashboard-url";
import { SavedViewsMenu } from "@/components/review/saved-views-menu";
import { BulkActions } from "@/components/review/bulk-actions";
import { ReviewNextButton } from "@/components/review/review-next-button";
import { listFilterObject } from "@/lib/queries/transcripts";
import { usePeople, useTags } from "@/lib/queries/review";
import { SummaryCards } from "./summary-cards";
import { TranscriptListEmpty, TranscriptListError, TranscriptListSkeleton } from "./transcript-list-states";
import { useDashboardState } from "./use-dashboard-state";
import { useTranscriptExport } from "./use-transcript-export";

export const DASHBOARD_TITLE = "Transcript Analytics";
export const DASHBOARD_SUBTITLE = "View and export your AI agent conversation transcripts";

const loadListCard = () => import("./transcript-list-card");

/** React.lazy keeps a failed download's outcome: reloading the page is what downloads it again. */
function ListCardUnavailable() {
  return <TranscriptListError message="The list could not be loaded. Reload the page to try again." />;
}

// React.lazy rather than next/dynamic: the card renders only in the browser, after a fetch, so
// next/dynamic's server-side preloading has nothing to do, while its runtime and the separate chunk
// it gives the loaders would weigh on the dashboard's first load (docs/page-weight.md).
const TranscriptListCard = lazy(() =>
  loadListCard().then(
    (code) => ({ default: code.TranscriptListCard }),
    () => ({ default: ListCardUnavailable }),
  ),
);

export function TranscriptDashboard() {
  const state = useDashboardState();
  const { list, params, hasFetched } = state;
  const data = hasFetched ? list.data : undefined;
  const rows = useMemo(() => data?.transcripts ?? [], [data]);
  const filters = useMemo(() => {
    const { page: _page, limit: _limit, ...rest } = params;
    return rest;
  }, [params]);
  const tags = useTags({ enabled: hasFetched });
  const people = usePeople({ enabled: hasFetched });
  const exporter = useTranscriptExport(filters, data?.total ?? 0);
  useEffect(() => {
    if (hasFetched) loadListCard().catch(() => undefined);
  }, [hasFetched]);

  const hasFilter = state.appliedSearch !== "" || state.appliedSessionId !== "" || hasListFilters(state.filters);
  const isFiltering = hasFilter || state.searchInput !== "" || state.sessionInput !== "";
  const summary = useMemo(
    () =>
      data
        ? {
            total: data.total,
            uniqueSessions: uniqueSessions(rows),
            topDevice: topDevice(rows),
            dateRange: daysLabel(rangeDays(state.range.start, state.range.end)),
          }
        : null,
    [data, rows, state.range],
  );

  let listContent;
  if (!hasFetched) listContent = <TranscriptListEmpty />;
  else if (list.isError) listContent = <TranscriptListError message={list.error?.message} />;
  else if (!data) listContent = <TranscriptListSkeleton />;
  else if (rows.length === 0) listContent = <TranscriptListEmpty />;
  else
    listContent = (
      <Suspense fallback={<TranscriptListSkeleton />}>
        <TranscriptListCard
          rows={rows}
          search={params.search}
          total={data.total}
          totalPages={data.totalPages}
          page={state.page}
          pageSize={state.pageSize}
          isUpdating={list.isPlaceholderData}
          exportProgress={exporter.progress}
          onExport={(format) => void exporter.exportAs(format)}
          conversationLink={exporter.conversationLink}
          onPageChange={state.setPage}
          onPageSizeChange={state.setPageSize}
        />
      </Suspense>
    );

  return (
    <div className="space-y-6">
      <PageTitle title={DASHBOARD_TITLE} subtitle={DASHBOARD_SUBTITLE} />
      <DateRangeCard
        range={state.range}
        isFetching={hasFetched && list.isFetching}
        onQuickRange={state.setQuickRange}
        onStartDay={state.setStartDay}
        onEndDay={state.setEndDay}
        onFetch={state.fetchTranscripts}
      />
      {summary ? <SummaryCards values={summary} /> : null}
      {data && (data.total > 0 || isFiltering) ? (
        <SearchFilterCard
          search={state.searchInput}
          sessionId={state.sessionInput}
          onSearchChange={state.setSearchInput}
          onSessionChange={state.setSessionInput}
          onClearSearch={state.clearSearch}
          onClearSession={state.clearSessionFilter}
          filteredCount={hasFilter && !list.isPlaceholderData ? data.total : null}
        >
          <ReviewFilters filters={state.filters} tags={tags.data ?? []} people={people.data ?? []} onChange={state.setFilters} />
        </SearchFilterCard>
      ) : null}
      {hasFetched ? (
        <div className="flex flex-wrap items-center justify-end gap-2" data-testid="review-toolbar">
          {data && data.total > 0 ? <ReviewNextButton filters={filters} /> : null}
          <SavedViewsMenu currentQuery={dashboardQuery(state.view, { withPage: false })} onApply={state.applyQuery} />
          {data ? <BulkActions filter={listFilterObject(filters)} total={list.isPlaceholderData ? 0 : data.total} /> : null}
        </div>
      ) : null}
      {listContent}
    </div>
  );
}
