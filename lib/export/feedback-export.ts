// Feedback export: CSV columns Feedback ID, User Email, User Name, Transcript ID,
// Message Index, Feedback Type, Comment, Review Status, Created At, every value double-quoted;
// JSON pretty-printed; files feedback-export-{date}.csv / .json. Raw values: the 0-based
// messageIndex, thumbs_up / thumbs_down, pending / reviewed, ISO timestamps; a deleted user's
// e-mail and name are empty.
import type { FeedbackDto } from "@/lib/schemas/feedback";
import { buildCsv } from "./csv";
import { feedbackExportFileName } from "./file-names";

export type FeedbackExportFormat = "csv" | "json";

export const FEEDBACK_CSV_HEADER = [
  "Feedback ID",
  "User Email",
  "User Name",
  "Transcript ID",
  "Message Index",
  "Feedback Type",
  "Comment",
  "Review Status",
  "Created At",
] as const;

export function feedbackCsvRow(item: FeedbackDto): unknown[] {
  return [
    item.id,
    item.user?.email ?? "",
    item.user?.name ?? "",
    item.transcriptId,
    item.messageIndex,
    item.feedbackType,
    item.comment ?? "",
    item.reviewStatus ?? "pending",
    item.createdAt,
  ];
}

export function feedbackCsv(items: readonly FeedbackDto[]): string {
  return buildCsv(FEEDBACK_CSV_HEADER, items.map(feedbackCsvRow));
}

export function feedbackJson(items: readonly FeedbackDto[]): string {
  return JSON.stringify(items, null, 2);
}

/** The file to save for an export: its name, content and type. */
export function feedbackExportFile(items: readonly FeedbackDto[], exportFormat: FeedbackExportFormat, now: Date = new Date()) {
  return exportFormat === "csv"
    ? { fileName: feedbackExportFileName("csv", now), content: feedbackCsv(items), mimeType: "text/csv;charset=utf-8" }
    : { fileName: feedbackExportFileName("json", now), content: feedbackJson(items), mimeType: "application/json;charset=utf-8" };
}
