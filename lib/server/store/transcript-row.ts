import "server-only";
import { sql, toIso, toNumber } from "./sql";
import { formatDuration } from "@/lib/transcripts/duration";
import type { TranscriptListItem } from "@/lib/schemas/transcripts";

/** The columns a transcript's row is written with, in the order of its values. */
export const TRANSCRIPT_COLUMNS = sql`"id", "sessionId", "createdAt", "updatedAt", "sortKey", "device", "os", "browser", "messageCount", "durationMs", "preview", "question", "answer", "receivedAt", "properties", "source", "origin"`;

/** The columns a list row needs, of "Transcript" t: never the dialog or the search text. */
export const LIST_COLUMNS = sql`t."id", t."sortKey", t."sessionId", t."createdAt", t."device", t."os", t."browser", t."messageCount", t."durationMs", t."preview", t."question", t."answer"`;

export interface ListRow {
  id: string;
  sortKey: unknown;
  sessionId: string;
  createdAt: unknown;
  device: string | null;
  os: string | null;
  browser: string | null;
  messageCount: unknown;
  durationMs: unknown;
  preview: string;
  question: string;
  answer: string;
}

export function toListItem(row: ListRow): TranscriptListItem {
  return {
    id: row.id,
    sessionId: row.sessionId,
    timestamp: toIso(row.createdAt),
    preview: row.preview,
    ...optionalAttributes(row),
    messageCount: toNumber(row.messageCount),
    duration: formatDuration(row.durationMs === null || row.durationMs === undefined ? null : toNumber(row.durationMs)),
    question: row.question,
    answer: row.answer,
  };
}

/** Device, os and browser are optional, so a missing one is left out. */
export function optionalAttributes(row: { device: string | null; os: string | null; browser: string | null }) {
  return {
    ...(row.device ? { device: row.device } : {}),
    ...(row.os ? { os: row.os } : {}),
    ...(row.browser ? { browser: row.browser } : {}),
  };
}
