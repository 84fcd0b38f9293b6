// Transcript list, one transcript, and the export's reading of every page (spec sections 4, 7, 8).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import pLimit from "p-limit";
import { apiRequest } from "@/lib/client/api-fetch";
import { ApiError, errorMessage } from "@/lib/client/api-error";
import {
  EXPORT_PAGE_SIZE,
  enrichTranscript,
  exportPageCount,
  needsDetail,
  type ListedTranscript,
} from "@/lib/export/transcripts-export";
import type { TranscriptDetail, TranscriptListItem, TranscriptListResponse } from "@/lib/schemas/transcripts";
import { readEveryPage } from "./read-every-page";

export const TRANSCRIPTS_URL = "/api/transcripts";
export const TRANSCRIPT_URL = "/api/transcript";

/** Spec section 9: the transcript list stays fresh 5 minutes and is kept 10 minutes. */
export const LIST_STALE_MS = 5 * 60_000;
export const LIST_GC_MS = 10 * 60_000;

/** Spec section 8. */
export const LIST_FAILED = "Failed to fetch transcripts";
export const DETAIL_FAILED = "Failed to fetch transcript";

/** Detail calls made at once while rows are completed. */
const DETAIL_CONCURRENCY = 8;

/** What the list shows: a time range, an optional search text and session id. */
export interface TranscriptFilters {
  startTime: string;
  endTime: string;
  search: string;
  sessionId: string;
}

export interface TranscriptPageParams extends TranscriptFilters {
  page: number;
  limit: number;
}

export const transcriptKeys = {
  lists: [TRANSCRIPTS_URL] as const,
  list: (params: TranscriptPageParams) => [TRANSCRIPTS_URL, params] as const,
  detail: (id: string) => [TRANSCRIPT_URL, id] as const,
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
  return `${TRANSCRIPTS_URL}?${query}`;
}

export function transcriptUrl(id: string): string {
  return `${TRANSCRIPT_URL}/${encodeURIComponent(id)}`;
}

/** Raised for a transcript the server does not know (404). */
export class TranscriptNotFoundError extends Error {
  constructor() {
    super("Transcript not found");
    this.name = "TranscriptNotFoundError";
  }
}

/** One transcript; a 404 becomes TranscriptNotFoundError, other failures carry the server's message. */
export async function fetchTranscript(id: string): Promise<TranscriptDetail> {
  try {
    return await apiRequest<TranscriptDetail>("GET", transcriptUrl(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new TranscriptNotFoundError();
    throw new Error(errorMessage(error, DETAIL_FAILED));
  }
}

async function fetchListPage(params: TranscriptPageParams): Promise<{ transcripts: ListedTranscript[]; total: number; totalPages: number }> {
  try {
    return await apiRequest("GET", transcriptsUrl(params));
  } catch (error) {
    throw new Error(errorMessage(error, LIST_FAILED));
  }
}

/** Completes rows lacking derived fields from their dialog; a failed call never aborts (spec section 8). */
export async function enrichTranscripts(
  items: readonly ListedTranscript[],
  onProgress?: (done: number, total: number) => void,
): Promise<TranscriptListItem[]> {
  const lacking = items.filter(needsDetail);
  const details = new Map<string, TranscriptDetail | null>();
  let done = 0;
  onProgress?.(0, lacking.length);
  await pLimit(DETAIL_CONCURRENCY).map(lacking, async (item) => {
    details.set(item.id, await fetchTranscript(item.id).catch(() => null));
    done += 1;
    onProgress?.(done, lacking.length);
  });
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

export function useTranscript(id: string) {
  return useQuery({ queryKey: transcriptKeys.detail(id), queryFn: () => fetchTranscript(id) });
}

export type ExportPhase = "fetching" | "enriching";

export interface ExportCallbacks {
  /** Reading the list pages begins; `total` transcripts are expected. */
  onFetchStart?: (total: number) => void;
  /** Completing the rows begins. */
  onEnrichStart?: (count: number) => void;
  onProgress?: (phase: ExportPhase, done: number, total: number) => void;
}

/**
 * Spec section 7 (export sequence): every page of 100 for the filters, pages 1 to ceil(total/100)
 * (a few at a time), then the detail call for each row lacking its derived fields.
 */
export async function fetchTranscriptsForExport(filters: TranscriptFilters, total: number, callbacks: ExportCallbacks = {}): Promise<TranscriptListItem[]> {
  callbacks.onFetchStart?.(total);
  const rows = await readEveryPage({
    pageCount: exportPageCount(total),
    readPage: async (page) => {
      const response = await fetchListPage({ ...filters, page, limit: EXPORT_PAGE_SIZE });
      return { items: response.transcripts, totalPages: response.totalPages };
    },
    onProgress: (done, pageCount) => callbacks.onProgress?.("fetching", done, pageCount),
  });
  callbacks.onEnrichStart?.(rows.length);
  return enrichTranscripts(rows, (doneDetails, totalDetails) => callbacks.onProgress?.("enriching", doneDetails, totalDetails));
}
