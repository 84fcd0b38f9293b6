// What the exports read, with the export pager: every transcript of the current filters with the
// details its rows lack (export sequence), and every feedback item of a filter.
// Downloaded when an export starts, not with the screens.
import { EXPORT_PAGE_SIZE, exportPageCount } from "@/lib/export/transcripts-export";
import { ADMIN_FEEDBACK_MAX_PAGE_SIZE, type FeedbackDto, type FeedbackFilter } from "@/lib/schemas/feedback";
import type { ExportedTranscript } from "@/lib/export/transcripts-export";
import type { TranscriptReviewDetail } from "@/lib/schemas/review";
import { fetchTranscript } from "./transcript";
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
 * Export sequence: every page of 100 for the filters, pages 1 to ceil(total/100)
 * (a few at a time), then the detail call for each row lacking its derived fields.
 */
export async function fetchTranscriptsForExport(
  filters: TranscriptFilters,
  total: number,
  callbacks: ExportCallbacks = {},
): Promise<ExportedTranscript[]> {
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

/** Detail calls made at once while notes are read. */
const NOTES_CONCURRENCY = 8;

/**
 * The JSON export's notes: each row with notes gets them from its detail. A failed call
 * fails the export, so that a file never lacks notes silently.
 */
export async function withNotes(
  rows: readonly ExportedTranscript[],
  onProgress?: (done: number, total: number) => void,
): Promise<ExportedTranscript[]> {
  const noted = rows.filter((row) => (row.noteCount ?? 0) > 0);
  const notes = new Map<string, ExportedTranscript["notes"]>();
  let done = 0;
  onProgress?.(0, noted.length);
  const { default: pLimit } = await import("p-limit");
  await pLimit(NOTES_CONCURRENCY).map(noted, async (row) => {
    const detail = (await fetchTranscript(row.id)) as { review?: TranscriptReviewDetail };
    notes.set(row.id, detail.review?.notes ?? []);
    done += 1;
    onProgress?.(done, noted.length);
  });
  return rows.map((row) => (row.reviewStatus === undefined ? row : { ...row, notes: notes.get(row.id) ?? [] }));
}

/** Everything the filter selects, newest first, read in pages of the largest size the endpoint allows. */
export function fetchAllFeedback(filter: FeedbackFilter): Promise<FeedbackDto[]> {
  return readEveryPage({ readPage: (page) => fetchFeedbackPage({ filter, page, limit: ADMIN_FEEDBACK_MAX_PAGE_SIZE }) });
}
