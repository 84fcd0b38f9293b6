// The transcript list: its pages, each row completed from the transcript's
// detail when the list lacks a field. One transcript is in transcript.ts; the export's reading of
// every page in transcripts-export.ts.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import { enrichTranscript, needsDetail, type ListedTranscript } from "@/lib/export/transcripts-export";
import type { ConversationExportFormat, TranscriptDetail, TranscriptListItem, TranscriptListResponse } from "@/lib/schemas/transcripts";
import { fetchTranscript } from "./transcript";

export const TRANSCRIPTS_URL = "/api/transcripts";
export const TRANSCRIPTS_EXPORT_URL = "/api/transcripts/export";

/** The transcript list stays fresh 5 minutes and is kept 10 minutes. */
export const LIST_STALE_MS = 5 * 60_000;
export const LIST_GC_MS = 10 * 60_000;

export const LIST_FAILED = "Failed to fetch transcripts";

/** Detail calls made at once while rows are completed. */
const DETAIL_CONCURRENCY = 8;

/** What the list shows: a time range, an optional search text and session id, and the optional filters. */
export interface TranscriptFilters extends ListFilters {
  startTime: string;
  endTime: string;
  search: string;
  sessionId: string;
}

/**
 * The list's further filters: the review's and the insights'. Each is sent
 * only when set; repeatable ones (tag, signal) as one parameter per value.
 */
export interface ListFilters {
  status?: string;
  tag?: string[];
  assignee?: string;
  feedback?: string;
  hasNotes?: string;
  signal?: string[];
  questionGroup?: string;
  device?: string;
  os?: string;
  browser?: string;
  minMessages?: string;
  maxMessages?: string;
  hour?: string;
  weekday?: string;
  tz?: string;
  source?: string[];
}

export const SINGLE_FILTER_KEYS = [
  "status",
  "assignee",
  "feedback",
  "hasNotes",
  "questionGroup",
  "device",
  "os",
  "browser",
  "minMessages",
  "maxMessages",
  "hour",
  "weekday",
  "tz",
] as const;
export const REPEATED_FILTER_KEYS = ["tag", "signal", "source"] as const;

/** The filters' query parameters, as the list call and the bulk action's filter carry them. */
export function filterParams(filters: ListFilters): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of SINGLE_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  for (const key of REPEATED_FILTER_KEYS) {
    const values = (filters[key] ?? []).map((value) => value.trim()).filter(Boolean);
    if (values.length > 0) out[key] = values;
  }
  return out;
}

/** The bulk action's filter: the list's own query parameters without page and page size. */
export function listFilterObject(filters: TranscriptFilters): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { startTime: filters.startTime, endTime: filters.endTime };
  if (filters.search.trim()) out.search = filters.search.trim();
  if (filters.sessionId.trim()) out.sessionId = filters.sessionId.trim();
  return { ...out, ...filterParams(filters) };
}

/** The export with conversations of the filters in `format`: an address the browser downloads by itself. */
export function conversationExportUrl(filters: TranscriptFilters, format: ConversationExportFormat): string {
  const query = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(listFilterObject(filters))) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  }
  return `${TRANSCRIPTS_EXPORT_URL}?${query}`;
}

export interface TranscriptPageParams extends TranscriptFilters {
  page: number;
  limit: number;
}

export const transcriptKeys = {
  lists: [TRANSCRIPTS_URL] as const,
  list: (params: TranscriptPageParams) => [TRANSCRIPTS_URL, params] as const,
};

export function transcriptsUrl(params: TranscriptPageParams): string {
  const query = new URLSearchParams({
    startTime: params.startTime,
    endTime: params.endTime,
    page: String(params.page),
    limit: String(params.limit),
  });
  if (params.search.trim()) query.set("search", params.search.trim());
  if (params.sessionId.trim()) query.set("sessionId", params.sessionId.trim());
  for (const [key, value] of Object.entries(filterParams(params))) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  }
  return `${TRANSCRIPTS_URL}?${query}`;
}

/** One page of the list as the server sends it, a failure carrying the server's message. */
export async function fetchListPage(
  params: TranscriptPageParams,
): Promise<{ transcripts: ListedTranscript[]; total: number; totalPages: number }> {
  try {
    return await apiRequest("GET", transcriptsUrl(params));
  } catch (error) {
    throw new Error(errorMessage(error, LIST_FAILED));
  }
}

/** Completes rows lacking derived fields from their dialog; a failed call never aborts. */
export async function enrichTranscripts(
  items: readonly ListedTranscript[],
  onProgress?: (done: number, total: number) => void,
): Promise<TranscriptListItem[]> {
  const lacking = items.filter(needsDetail);
  const details = new Map<string, TranscriptDetail | null>();
  let done = 0;
  onProgress?.(0, lacking.length);
  if (lacking.length > 0) {
    // Downloaded only for rows that lack their fields (the portal's own server sends them complete),
    // so that a first visit of the dashboard does not carry it (docs/page-weight.md).
    const { default: pLimit } = await import("p-limit");
    await pLimit(DETAIL_CONCURRENCY).map(lacking, async (item) => {
      details.set(item.id, await fetchTranscript(item.id).catch(() => null));
      done += 1;
      onProgress?.(done, lacking.length);
    });
  }
  return items.map((item) => enrichTranscript(item, details.get(item.id) ?? null));
}

/** One page of the list, every row with its message count, duration, question and answer. */
export async function fetchTranscriptPage(params: TranscriptPageParams): Promise<TranscriptListResponse> {
  const page = await fetchListPage(params);
  return { ...page, transcripts: await enrichTranscripts(page.transcripts) };
}

export function useTranscriptList(params: TranscriptPageParams, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: transcriptKeys.list(params),
    queryFn: () => fetchTranscriptPage(params),
    enabled,
    staleTime: LIST_STALE_MS,
    gcTime: LIST_GC_MS,
    placeholderData: keepPreviousData,
  });
}
