"use client";
// The Transcript Analytics screen's state (spec section 4): the date range, the fetched flag,
// the page and page size, and the search and session filters (typed at once, sent debounced).
// Every change of range, filter or page size goes back to page 1.
import { useCallback, useEffect, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { DEFAULT_RANGE_DAYS, lastDaysRange, pickedEnd, pickedStart, type DateRange } from "@/lib/format/date-range";
import { DEFAULT_PAGE_SIZE } from "@/lib/format/pagination";
import { transcriptKeys, useTranscriptList, type TranscriptPageParams } from "@/lib/queries/transcripts";
import { readDashboardState, readFetchedFlag, storeDashboardState, storeFetchedFlag } from "./dashboard-storage";

/** Typing pauses this long before a search or session filter is sent. */
export const FILTER_DEBOUNCE_MS = 300;

function initialState() {
  const stored = readDashboardState();
  const range = stored ? { start: new Date(stored.start), end: new Date(stored.end) } : lastDaysRange(DEFAULT_RANGE_DAYS);
  return {
    range,
    hasFetched: readFetchedFlag(),
    page: stored?.page ?? 1,
    pageSize: stored?.pageSize ?? DEFAULT_PAGE_SIZE,
    search: stored?.search ?? "",
    sessionId: stored?.sessionId ?? "",
  };
}

export function useDashboardState() {
  const queryClient = useQueryClient();
  const [initial] = useState(initialState);
  const [range, setRange] = useState<DateRange>(initial.range);
  const [hasFetched, setHasFetched] = useState(initial.hasFetched);
  const [page, setPage] = useState(initial.page);
  const [pageSize, setPageSizeState] = useState(initial.pageSize);
  const [searchInput, setSearchInput] = useState(initial.search);
  const [sessionInput, setSessionInput] = useState(initial.sessionId);
  const [search, setSearch] = useState(initial.search);
  const [sessionId, setSessionId] = useState(initial.sessionId);

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
    }),
    [range, page, pageSize, search, sessionId],
  );
  const list = useTranscriptList(params, { enabled: hasFetched });

  useEffect(() => {
    storeDashboardState({ start: params.startTime, end: params.endTime, page, pageSize, search, sessionId });
  }, [params.startTime, params.endTime, page, pageSize, search, sessionId]);

  // A page past the end (the list shrank since it was stored) goes to the last page.
  const totalPages = list.data?.totalPages;
  if (totalPages !== undefined && !list.isPlaceholderData && page > Math.max(1, totalPages)) setPage(Math.max(1, totalPages));

  const changeRange = useCallback((next: DateRange) => {
    setRange(next);
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
    params,
    list,
    setQuickRange: (days: number) => changeRange(lastDaysRange(days)),
    setStartDay: (day: Date) => changeRange({ start: pickedStart(day), end: range.end }),
    setEndDay: (day: Date) => changeRange({ start: range.start, end: pickedEnd(day) }),
    fetchTranscripts,
    setPage,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    setSearchInput,
    setSessionInput,
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
