"use client";
// The Transcript Analytics screen's state: the date range, the fetched
// flag, the page and page size, the search and session filters (typed at once, sent debounced) and
// the list's further filters. The address carries the whole view once the list is shown: a link
// reproduces it and Back steps through earlier views; sessionStorage keeps it as the fallback for
// an address that carries nothing. Every change of range, filter or page size goes back to page 1.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { DEFAULT_RANGE_DAYS, lastDaysRange, pickedEnd, pickedStart, type DateRange } from "@/lib/format/date-range";
import { DEFAULT_PAGE_SIZE } from "@/lib/format/pagination";
import { transcriptKeys, useTranscriptList, type ListFilters, type TranscriptPageParams } from "@/lib/queries/transcripts";
import { readDashboardState, readFetchedFlag, storeDashboardState, storeFetchedFlag } from "./dashboard-storage";
import { relativeRangeOfDays, type RelativeRange } from "@/lib/schemas/transcripts";
import { dashboardQuery, parseDashboardQuery, relativeDates, type DashboardView } from "@/lib/queries/dashboard-url";

/** Typing pauses this long before a search or session filter is sent. */
export const FILTER_DEBOUNCE_MS = 300;

function storedView(): DashboardView {
  const stored = readDashboardState();
  const range = lastDaysRange(DEFAULT_RANGE_DAYS);
  const dates = stored?.relativeRange
    ? relativeDates(stored.relativeRange)
    : { start: stored?.start ?? range.start.toISOString(), end: stored?.end ?? range.end.toISOString(), relativeRange: null };
  return {
    ...dates,
    page: stored?.page ?? 1,
    pageSize: stored?.pageSize ?? DEFAULT_PAGE_SIZE,
    search: stored?.search ?? "",
    sessionId: stored?.sessionId ?? "",
    filters: stored?.filters ?? {},
  };
}

/**
 * The address's view, else the stored one; an address with a view counts as fetched. The address
 * is the router's: on a navigation from another page, window.location changes only after this renders.
 */
function initialState(search: string): { view: DashboardView; hasFetched: boolean } {
  const fallback = storedView();
  const fromAddress = typeof window === "undefined" ? null : parseDashboardQuery(search, fallback);
  return fromAddress ? { view: fromAddress, hasFetched: true } : { view: fallback, hasFetched: readFetchedFlag() };
}

export function useDashboardState() {
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const [initial] = useState(() => initialState(searchParams.toString()));
  const [range, setRange] = useState<DateRange>({ start: new Date(initial.view.start), end: new Date(initial.view.end) });
  // The quick range the dates stand for, kept in the address and saved views as such; calendar picks clear it.
  const [relativeRange, setRelativeRange] = useState<RelativeRange | null>(initial.view.relativeRange);
  const [hasFetched, setHasFetched] = useState(initial.hasFetched);
  const [page, setPage] = useState(initial.view.page);
  const [pageSize, setPageSizeState] = useState(initial.view.pageSize);
  const [searchInput, setSearchInput] = useState(initial.view.search);
  const [sessionInput, setSessionInput] = useState(initial.view.sessionId);
  const [search, setSearch] = useState(initial.view.search);
  const [sessionId, setSessionId] = useState(initial.view.sessionId);
  const [filters, setFiltersState] = useState<ListFilters>(initial.view.filters);

  // Typed text reaches the server once typing pauses; applying it goes back to page 1.
  useEffect(() => {
    if (searchInput === search) return;
    const timer = setTimeout(() => {
      setSearch(searchInput);
      setPage(1);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  useEffect(() => {
    if (sessionInput === sessionId) return;
    const timer = setTimeout(() => {
      setSessionId(sessionInput);
      setPage(1);
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sessionInput, sessionId]);

  const params: TranscriptPageParams = useMemo(
    () => ({
      startTime: range.start.toISOString(),
      endTime: range.end.toISOString(),
      page,
      limit: pageSize,
      search: search.trim(),
      sessionId: sessionId.trim(),
      ...filters,
    }),
    [range, page, pageSize, search, sessionId, filters],
  );
  const list = useTranscriptList(params, { enabled: hasFetched });

  const view: DashboardView = useMemo(
    () => ({
      start: params.startTime,
      end: params.endTime,
      relativeRange,
      page,
      pageSize,
      search: params.search,
      sessionId: params.sessionId,
      filters,
    }),
    [params.startTime, params.endTime, relativeRange, page, pageSize, params.search, params.sessionId, filters],
  );
  const query = useMemo(() => dashboardQuery(view), [view]);

  // The view goes to sessionStorage always, and to the address once the list is shown: the first
  // time in place of the bare address, then as a new history entry per change.
  const wroteAddress = useRef(false);
  useEffect(() => {
    storeDashboardState({
      start: view.start,
      end: view.end,
      relativeRange: view.relativeRange,
      page,
      pageSize,
      search,
      sessionId,
      filters,
    });
    if (!hasFetched) return;
    if (window.location.search === `?${query}`) {
      wroteAddress.current = true;
      return;
    }
    const url = `${window.location.pathname}?${query}`;
    if (wroteAddress.current) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
    wroteAddress.current = true;
  }, [query, view, page, pageSize, search, sessionId, filters, hasFetched]);

  // Back and Forward bring an earlier address: the view follows it.
  useEffect(() => {
    const onPopState = () => {
      const next = parseDashboardQuery(window.location.search, storedView());
      if (!next) return;
      setRange({ start: new Date(next.start), end: new Date(next.end) });
      setRelativeRange(next.relativeRange);
      setPage(next.page);
      setPageSizeState(next.pageSize);
      setSearch(next.search);
      setSearchInput(next.search);
      setSessionId(next.sessionId);
      setSessionInput(next.sessionId);
      setFiltersState(next.filters);
      setHasFetched(true);
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  // A page past the end (the list shrank since it was stored) goes to the last page.
  const totalPages = list.data?.totalPages;
  if (totalPages !== undefined && !list.isPlaceholderData && page > Math.max(1, totalPages)) setPage(Math.max(1, totalPages));

  const changeRange = useCallback((next: DateRange, relative: RelativeRange | null) => {
    setRange(next);
    setRelativeRange(relative);
    setPage(1);
  }, []);

  const { refetch } = list;
  const fetchTranscripts = useCallback(() => {
    storeFetchedFlag();
    if (!hasFetched) {
      setHasFetched(true);
      setPage(1);
      return;
    }
    // Pressing Fetch again reads the list anew rather than from the cache.
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists, refetchType: "none" });
    if (page === 1) void refetch();
    else setPage(1);
  }, [hasFetched, page, queryClient, refetch]);

  const setFilters = useCallback((next: ListFilters) => {
    setFiltersState(next);
    setPage(1);
  }, []);

  /** Shows a saved view's query: its dates, search, session and filters, from page 1. */
  const applyQuery = useCallback(
    (saved: string) => {
      const next = parseDashboardQuery(saved, view);
      if (!next) return;
      setRange({ start: new Date(next.start), end: new Date(next.end) });
      setRelativeRange(next.relativeRange);
      setPage(1);
      setSearch(next.search);
      setSearchInput(next.search);
      setSessionId(next.sessionId);
      setSessionInput(next.sessionId);
      setFiltersState(next.filters);
      storeFetchedFlag();
      setHasFetched(true);
    },
    [view],
  );

  return {
    range,
    hasFetched,
    page,
    pageSize,
    searchInput,
    sessionInput,
    /** The filters the list was asked with (after the debounce). */
    appliedSearch: search.trim(),
    appliedSessionId: sessionId.trim(),
    filters,
    params,
    view,
    list,
    relativeRange,
    setQuickRange: (days: number) => changeRange(lastDaysRange(days), relativeRangeOfDays(days)),
    setStartDay: (day: Date) => changeRange({ start: pickedStart(day), end: range.end }, null),
    setEndDay: (day: Date) => changeRange({ start: range.start, end: pickedEnd(day) }, null),
    fetchTranscripts,
    setPage,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    setSearchInput,
    setSessionInput,
    setFilters,
    applyQuery,
    clearSearch: () => {
      setSearchInput("");
      setSearch("");
      setPage(1);
    },
    clearSessionFilter: () => {
      setSessionInput("");
      setSessionId("");
      setPage(1);
    },
  };
}
