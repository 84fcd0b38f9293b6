"use client";
// Spec section 2 (Transcript Analytics screen): the date range, the summary cards, the search and
// session filters, and the transcript list with its states, pagination and exports. The list
// card's code (table, pagination, page-size select, Export menu) is downloaded once a fetch is
// asked for, alongside the list call; until both are there the list shows its loading skeleton.
import { useMemo } from "react";
import { PageTitle } from "@/components/layout/page-title";
import { daysLabel, rangeDays, topDevice, uniqueSessions } from "@/lib/format/transcript-summary";
import { DateRangeCard } from "./date-range-card";
import { SearchFilterCard } from "./search-filter-card";
import { SummaryCards } from "./summary-cards";
import { lazyModule } from "./lazy-module";
import { TranscriptListEmpty, TranscriptListError, TranscriptListSkeleton } from "./transcript-list-states";
import { useDashboardState } from "./use-dashboard-state";
import { useTranscriptExport } from "./use-transcript-export";

export const DASHBOARD_TITLE = "Transcript Analytics";
export const DASHBOARD_SUBTITLE = "View and export your AI agent conversation transcripts";

const listCardCode = lazyModule(() => import("./transcript-list-card"));

export function TranscriptDashboard() {
  const state = useDashboardState();
  const { list, params, hasFetched } = state;
  const data = hasFetched ? list.data : undefined;
  const rows = useMemo(() => data?.transcripts ?? [], [data]);
  const filters = useMemo(
    () => ({ startTime: params.startTime, endTime: params.endTime, search: params.search, sessionId: params.sessionId }),
    [params.startTime, params.endTime, params.search, params.sessionId],
  );
  const exporter = useTranscriptExport(filters, data?.total ?? 0);
  const listCard = listCardCode.useLoaded(hasFetched);
  const ListCard = listCard.module?.TranscriptListCard;

  const hasFilter = state.appliedSearch !== "" || state.appliedSessionId !== "";
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
  else if (listCard.hasFailed) listContent = <TranscriptListError message={undefined} />;
  else if (!ListCard) listContent = <TranscriptListSkeleton />;
  else
    listContent = (
      <ListCard
        rows={rows}
        search={params.search}
        total={data.total}
        totalPages={data.totalPages}
        page={state.page}
        pageSize={state.pageSize}
        isUpdating={list.isPlaceholderData}
        exportProgress={exporter.progress}
        onExport={(format) => void exporter.exportAs(format)}
        onPageChange={state.setPage}
        onPageSizeChange={state.setPageSize}
      />
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
        onFetch={() => {
          // A list card that could not be downloaded is tried again with the next fetch.
          if (listCard.hasFailed) listCard.retry();
          state.fetchTranscripts();
        }}
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
        />
      ) : null}
      {listContent}
    </div>
  );
}
