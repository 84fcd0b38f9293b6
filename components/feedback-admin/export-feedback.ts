// The work of a feedback export once a format is picked: every item the
// filter selects (the loaded page when it holds them all, else every server page), saved as one
// CSV or JSON file. Loaded on demand by use-feedback-export.ts, so that a first visit of Feedback
// Management does not download it.
import { downloadTextFile } from "@/lib/export/download";
import { feedbackExportFile, type FeedbackExportFormat } from "@/lib/export/feedback-export";
import { fetchAllFeedback } from "@/lib/queries/export-reads";
import type { FeedbackDto, FeedbackFilter } from "@/lib/schemas/feedback";

/** Saves the filter's items as one file; resolves to how many there were (none: nothing is saved). */
export async function exportFeedback(
  filter: FeedbackFilter,
  loadedItems: FeedbackDto[] | undefined,
  exportFormat: FeedbackExportFormat,
): Promise<number> {
  const items = loadedItems ?? (await fetchAllFeedback(filter));
  if (items.length > 0) {
    const file = feedbackExportFile(items, exportFormat);
    downloadTextFile(file.fileName, file.content, file.mimeType);
  }
  return items.length;
}
