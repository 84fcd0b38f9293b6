import { format } from "date-fns";

/** Spec section 9: transcripts-{yyyy-MM-dd}.csv / .json, in the viewer's calendar. */
export function transcriptExportFileName(extension: "csv" | "json", now: Date = new Date()): string {
  return `transcripts-${format(now, "yyyy-MM-dd")}.${extension}`;
}

/** Spec section 9: feedback-export-{date}.csv / .json. */
export function feedbackExportFileName(extension: "csv" | "json", now: Date = new Date()): string {
  return `feedback-export-${format(now, "yyyy-MM-dd")}.${extension}`;
}
