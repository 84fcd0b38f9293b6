// What the exports read, with the export pager: every transcript of the current filters with the
// details its rows lack (spec section 7, export sequence), and every feedback item of a filter.
// Downloaded when an export starts, not with the screens.
import { EXPORT_PAGE_SIZE, exportPageCount } from "@/lib/export/transcripts-export";
import { ADMIN_FEEDBACK_MAX_PAGE_SIZE, type FeedbackDto, type FeedbackFilter } from "@/lib/schemas/feedback";
import type { TranscriptListItem } from "@/lib/schemas/transcripts";
import { fetchFeedbackPage } from "./admin-feedback";
import { readEveryPage } from "./read-every-page";
import { enrichTranscripts, fetchListPage, type TranscriptFilters } from "./transcripts";

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
export async function fetchTranscriptsForExport(
  filters: TranscriptFilters,
  total: number,
  callbacks: ExportCallbacks = {},
): Promise<TranscriptListItem[]> {
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

/** Everything the filter selects, newest first, read in pages of the largest size the endpoint allows. */
export function fetchAllFeedback(filter: FeedbackFilter): Promise<FeedbackDto[]> {
  return readEveryPage({ readPage: (page) => fetchFeedbackPage({ filter, page, limit: ADMIN_FEEDBACK_MAX_PAGE_SIZE }) });
}
