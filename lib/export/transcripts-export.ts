// The transcript export. The list is read in pages of 100; rows that
// already carry their derived fields are used as they are, the others are completed from the
// transcript's dialog (a failed detail call gives 0 turns, 'N/A' and an empty question and answer).
import { buildCsv, collapseLineBreaks } from "./csv";
import { DURATION_NOT_AVAILABLE, formatDuration, turnsDurationMs } from "@/lib/transcripts/duration";
import { questionAndAnswer } from "@/lib/transcripts/question-answer";
import { turnsOf } from "@/lib/transcripts/turns";
import type { TranscriptDetail, TranscriptListItem, TranscriptReviewFields } from "@/lib/schemas/transcripts";
import type { NoteItem } from "@/lib/schemas/review";

/** Export page size. */
export const EXPORT_PAGE_SIZE = 100;

/** The seven CSV columns, in order, then the review's. */
export const TRANSCRIPT_CSV_HEADER = [
  "Transcript ID",
  "Session ID",
  "Timestamp",
  "Duration",
  "Messages",
  "Question",
  "Answer",
  "Review Status",
  "Tags",
  "Assignee",
  "Notes",
] as const;

/** An exported row: the list row with its review, and in JSON the notes themselves. */
export type ExportedTranscript = TranscriptListItem & Partial<TranscriptReviewFields> & { notes?: NoteItem[] };

/** Separates a row's tag names in its CSV cell. */
export const TAG_SEPARATOR = "; ";

/** A list row as it may arrive: the derived fields are optional in the spec's list contract. */
export type ListedTranscript = Omit<TranscriptListItem, "messageCount" | "duration" | "question" | "answer"> &
  Partial<Pick<TranscriptListItem, "messageCount" | "duration" | "question" | "answer">>;

/** Pages 1 through ceil(total / 100). */
export function exportPageCount(total: number): number {
  return total > 0 ? Math.ceil(total / EXPORT_PAGE_SIZE) : 0;
}

/** Whether the row lacks a derived field, so that the detail endpoint has to be asked. */
export function needsDetail(item: ListedTranscript): boolean {
  return (
    typeof item.messageCount !== "number" ||
    typeof item.duration !== "string" ||
    typeof item.question !== "string" ||
    typeof item.answer !== "string"
  );
}

/** The row with its derived fields: its own when present, else from the dialog (null: the call failed). */
export function enrichTranscript(item: ListedTranscript, detail: Pick<TranscriptDetail, "dialog"> | null): TranscriptListItem {
  if (!needsDetail(item)) return item as TranscriptListItem;
  const dialog = Array.isArray(detail?.dialog) ? detail.dialog : null;
  const derived = dialog
    ? { messageCount: turnsOf(dialog).length, duration: formatDuration(turnsDurationMs(dialog)), ...questionAndAnswer(dialog) }
    : { messageCount: 0, duration: DURATION_NOT_AVAILABLE, question: "", answer: "" };
  return {
    ...item,
    messageCount: typeof item.messageCount === "number" ? item.messageCount : derived.messageCount,
    duration: typeof item.duration === "string" ? item.duration : derived.duration,
    question: typeof item.question === "string" ? item.question : derived.question,
    answer: typeof item.answer === "string" ? item.answer : derived.answer,
  };
}

/** BOM, the seven columns, line breaks in question and answer collapsed, every cell quoted. */
export function buildTranscriptsCsv(items: readonly ExportedTranscript[]): string {
  return buildCsv(
    TRANSCRIPT_CSV_HEADER,
    items.map((item) => [
      item.id,
      item.sessionId,
      item.timestamp,
      item.duration,
      item.messageCount,
      collapseLineBreaks(item.question),
      collapseLineBreaks(item.answer),
      item.reviewStatus ?? "",
      (item.tags ?? []).map((tag) => tag.name).join(TAG_SEPARATOR),
      item.assignee ? item.assignee.email : "",
      item.noteCount ?? "",
    ]),
  );
}

/** The enriched list, pretty-printed. */
export function buildTranscriptsJson(items: readonly ExportedTranscript[]): string {
  return `${JSON.stringify(items, null, 2)}\n`;
}
