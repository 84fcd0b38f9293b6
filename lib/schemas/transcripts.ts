// Contracts of the transcript endpoints (spec sections 3 and 7), shared by the route handlers, the
// query hooks and the exports.
import { z } from "zod";
import { instantParam, integerParam, optionalTextParam, refineRange } from "./query-params";
import { SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";
import { SESSION_ID_MAX_LENGTH } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import { DEFAULT_PAGE_SIZE } from "@/lib/format/pagination";

/** Spec section 9: the list accepts 1-100 (default DEFAULT_PAGE_SIZE). */
export const MAX_PAGE_SIZE = 100;
/** Far beyond any real page; keeps offsets sane. */
export const MAX_PAGE = 1_000_000;

/** GET /api/transcripts?startTime&endTime&page&limit[&search][&sessionId] */
export const listTranscriptsQuerySchema = z
  .object({
    startTime: instantParam("startTime"),
    endTime: instantParam("endTime"),
    page: integerParam({ min: 1, max: MAX_PAGE, fallback: 1 }),
    limit: integerParam({ min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
    search: optionalTextParam(SEARCH_QUERY_MAX_LENGTH),
    sessionId: optionalTextParam(SESSION_ID_MAX_LENGTH),
  })
  .superRefine(refineRange);
export type ListTranscriptsQuery = z.infer<typeof listTranscriptsQuerySchema>;

/** Route parameter of /api/transcript/{transcriptId}. Any text is looked up; unknown ids are 404. */
export const transcriptIdParamsSchema = z.object({
  transcriptId: z.string().trim().min(1, "Transcript id is required").max(2000, "is too long"),
});

/** A row of the list: spec section 3's list item plus the derived fields the client would compute. */
export interface TranscriptListItem {
  id: string;
  sessionId: string;
  /** createdAt, ISO 8601 (UTC). */
  timestamp: string;
  preview: string;
  device?: string;
  os?: string;
  browser?: string;
  /** Text and request turns. */
  messageCount: number;
  /** '3m 12s' or 'N/A' (spec section 5). */
  duration: string;
  /** First request turn's query, and the message of the first later text turn ('' when none). */
  question: string;
  answer: string;
  /** With a search: where the transcript holds it (see searchSnippet), when a shown message does. */
  searchSnippet?: string;
}

export interface TranscriptListResponse {
  transcripts: TranscriptListItem[];
  total: number;
  totalPages: number;
}

/** GET /api/transcript/{id}: the transcript in the platform's format (spec section 3). */
export interface TranscriptDetail {
  _id: string;
  sessionID: string;
  createdAt: string;
  updatedAt: string;
  dialog: DialogEntry[];
  device?: string;
  os?: string;
  browser?: string;
}
