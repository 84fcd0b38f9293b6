// Contracts of the transcript endpoints (spec sections 3 and 7), shared by the route handlers, the
// query hooks and the exports.
import { z } from "zod";
import { instantParam, integerParam, optionalTextParam, refineRange, timeZoneParam } from "./query-params";
import { SIGNAL_KINDS, type SignalKind } from "./insights";
import { QUESTION_GROUP_MAX_LENGTH } from "@/lib/insights/normalize-question";
import { SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";
import { SESSION_ID_MAX_LENGTH } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import { DEFAULT_PAGE_SIZE } from "@/lib/format/pagination";
import { FEEDBACK_FILTERS, MAX_TAG_IDS, REVIEW_STATUSES, type PersonRef, type ReviewStatus, type TagItem } from "./review";

/** Spec section 9: the list accepts 1-100 (default DEFAULT_PAGE_SIZE). */
export const MAX_PAGE_SIZE = 100;
/** Far beyond any real page; keeps offsets sane. */
export const MAX_PAGE = 1_000_000;

/** Whether `text` is one of `values`. */
function isOneOf<T extends string>(values: readonly T[], text: string): text is T {
  return (values as readonly string[]).includes(text);
}

const notOneOf = (values: readonly string[]) => `must be one of ${values.join(", ")}`;

/** A repeatable parameter's values (?tag=a&tag=b, or an array in a JSON filter), trimmed, blanks dropped. */
function repeatedValues(value: string | string[] | undefined): string[] {
  return (value === undefined ? [] : Array.isArray(value) ? value : [value]).map((one) => one.trim()).filter((one) => one !== "");
}

/** An optional choice among `values`; absent or blank is none. */
function choiceParam<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? "";
      if (text === "") return null;
      if (!isOneOf(values, text)) {
        ctx.addIssue({ code: "custom", message: notOneOf(values) });
        return z.NEVER;
      }
      return text;
    });
}

/** A repeatable id; each id once. */
const repeatableIdParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const ids = repeatedValues(value);
    if (ids.length > MAX_TAG_IDS || ids.some((id) => id.length > 100)) {
      ctx.addIssue({ code: "custom", message: `must be at most ${MAX_TAG_IDS} ids` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** A repeatable choice among `values` (?signal=a&signal=b), each value once; none when absent. */
function repeatableChoiceParam<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value, ctx) => {
      const chosen = repeatedValues(value);
      if (!chosen.every((one) => isOneOf(values, one))) {
        ctx.addIssue({ code: "custom", message: notOneOf(values) });
        return z.NEVER;
      }
      return [...new Set(chosen)] as T[];
    });
}

/** An optional whole number from 0 to `max` (an hour of the day, a weekday); null when absent or blank. */
function smallNumberParam(max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? "";
      if (text === "") return null;
      const number = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
      if (!(number >= 0 && number <= max)) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from 0 to ${max}` });
        return z.NEVER;
      }
      return number;
    });
}

/** The longest device, OS or browser name a filter takes; stored ones are shorter. */
export const ATTRIBUTE_FILTER_MAX_LENGTH = 200;

/**
 * The list's filters beyond range, search and session: the review's (issue 32) and the insights'
 * (issue 33). `assignee` is a user id, "me" or "none"; `tag` matches a transcript holding any of
 * the ids, `signal` one with any of the signals; `device`, `os` and `browser` name a value as the
 * analytics distributions do ("unknown" for none); `minMessages` and `maxMessages` bound the
 * conversation's length; `hour` (0-23) and `weekday` (0 Monday to 6 Sunday) are the local time in `tz`;
 * `source` matches a transcript brought by any of the named ways in (a source's id, "ingest", "import").
 */
export const transcriptFilterFields = {
  status: choiceParam(REVIEW_STATUSES),
  tag: repeatableIdParam,
  assignee: optionalTextParam(100),
  feedback: choiceParam(FEEDBACK_FILTERS),
  hasNotes: choiceParam(["true", "false"]).transform((value) => (value === null ? null : value === "true")),
  signal: repeatableChoiceParam(SIGNAL_KINDS),
  questionGroup: optionalTextParam(QUESTION_GROUP_MAX_LENGTH),
  device: optionalTextParam(ATTRIBUTE_FILTER_MAX_LENGTH),
  os: optionalTextParam(ATTRIBUTE_FILTER_MAX_LENGTH),
  browser: optionalTextParam(ATTRIBUTE_FILTER_MAX_LENGTH),
  minMessages: integerParam({ min: 0, max: 1_000_000, fallback: -1 }).transform((value) => (value < 0 ? null : value)),
  maxMessages: integerParam({ min: 0, max: 1_000_000, fallback: -1 }).transform((value) => (value < 0 ? null : value)),
  hour: smallNumberParam(23),
  weekday: smallNumberParam(6),
  tz: timeZoneParam(),
  source: repeatableIdParam,
};

/**
 * GET /api/transcripts?startTime&endTime&page&limit[&search][&sessionId][&status][&tag...][&assignee][&feedback][&hasNotes]
 * [&signal...][&questionGroup][&device][&os][&browser][&minMessages][&maxMessages][&hour][&weekday][&tz]
 */
export const listTranscriptsQuerySchema = z
  .object({
    startTime: instantParam("startTime"),
    endTime: instantParam("endTime"),
    page: integerParam({ min: 1, max: MAX_PAGE, fallback: 1 }),
    limit: integerParam({ min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
    search: optionalTextParam(SEARCH_QUERY_MAX_LENGTH),
    sessionId: optionalTextParam(SESSION_ID_MAX_LENGTH),
    ...transcriptFilterFields,
  })
  .superRefine(refineRange);
/** The query as parsed; the filter fields are optional so that callers of the plain list need not name them. */
export type ListTranscriptsQuery = Omit<z.infer<typeof listTranscriptsQuerySchema>, keyof typeof transcriptFilterFields> &
  Partial<Pick<z.infer<typeof listTranscriptsQuerySchema>, keyof typeof transcriptFilterFields>>;

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

/** What each row of GET /api/transcripts also carries of its review (issue 32). */
export interface TranscriptReviewFields {
  reviewStatus: ReviewStatus;
  /** Ordered by name. */
  tags: TagItem[];
  assignee: PersonRef | null;
  noteCount: number;
}

/** What each row of GET /api/transcripts also carries of its insights (issue 33). */
export interface TranscriptInsightFields {
  /** The signals derived for the transcript, in SIGNAL_KINDS order. */
  signals: SignalKind[];
}

export type ReviewedListItem = TranscriptListItem & TranscriptReviewFields & TranscriptInsightFields;

/** GET /api/transcripts answers with ReviewedListItem rows; a client may hold rows without the review fields. */
export interface TranscriptListResponse<Item extends TranscriptListItem = TranscriptListItem> {
  transcripts: Item[];
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
  /** The way in that stored its current version: a source's id, "ingest" or "import"; absent when none was named. */
  origin?: string;
}
