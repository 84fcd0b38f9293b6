import { format } from "date-fns";

/** Transcripts-{yyyy-MM-dd}.csv / .json, in the viewer's calendar. */
export function transcriptExportFileName(extension: "csv" | "json", now: Date = new Date()): string {
  return `transcripts-${format(now, "yyyy-MM-dd")}.${extension}`;
}

/** Feedback-export-{date}.csv / .json. */
export function feedbackExportFileName(extension: "csv" | "json", now: Date = new Date()): string {
  return `feedback-export-${format(now, "yyyy-MM-dd")}.${extension}`;
}

/** The export with conversations: transcripts-conversations-{yyyy-MM-dd}.jsonl / .csv, the date in UTC (the server names it). */
export function conversationsExportFileName(extension: "jsonl" | "csv", now: Date = new Date()): string {
  return `transcripts-conversations-${now.toISOString().slice(0, 10)}.${extension}`;
}
