// Contracts of the transcript endpoints, shared by the route handlers, the
// query hooks and the exports.
import { z } from "zod";
import { instantParam, integerParam, optionalTextParam, refineRange, timeZoneParam } from "./query-params";
import { SIGNAL_KINDS, type SignalKind } from "./insights";
import { QUESTION_GROUP_MAX_LENGTH } from "@/lib/insights/normalize-question";
import { SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";
import { SESSION_ID_MAX_LENGTH } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import { DEFAULT_PAGE_SIZE } from "@/lib/format/pagination";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { FEEDBACK_FILTERS, MAX_TAG_IDS, REVIEW_STATUSES, type PersonRef, type ReviewStatus, type TagItem } from "./review";

/** The list accepts 1-100 (default DEFAULT_PAGE_SIZE). */
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
 * The list's filters beyond range, search and session: the review's and the insights'
 *. `assignee` is a user id, "me" or "none"; `tag` matches a transcript holding any of
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
 * The relative ranges the list and the export take in place of startTime and endTime: the last N
 * days up to the moment of the request, so that a saved view keeps meaning "the last week".
 */
export const RELATIVE_RANGES = ["7d", "30d", "90d"] as const;
export type RelativeRange = (typeof RELATIVE_RANGES)[number];

/** The relative range a parameter names, or null (absent, blank or unknown). */
export function parseRelativeRange(value: string | null | undefined): RelativeRange | null {
  const text = value?.trim() ?? "";
  return isOneOf(RELATIVE_RANGES, text) ? text : null;
}

/** The relative range of a quick range of `days` days, or null when none stands for it. */
export function relativeRangeOfDays(days: number): RelativeRange | null {
  return parseRelativeRange(`${days}d`);
}

/** The days a relative range spans. */
export function relativeRangeDays(range: RelativeRange): number {
  return Number.parseInt(range, 10);
}

/**
 * A query's `range` turned into the startTime and endTime it stands for (the last N days up to now),
 * before the rest is parsed; a range beside either date, or not one of RELATIVE_RANGES, is left for
 * the schema to refuse.
 */
function withRelativeRange(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("range" in value)) return value;
  const { range, ...rest } = value as Record<string, unknown>;
  if (typeof range !== "string" || range.trim() === "") return rest;
  if ("startTime" in rest || "endTime" in rest || !isOneOf(RELATIVE_RANGES, range.trim())) return value;
  const endMs = Date.now();
  const startMs = endMs - relativeRangeDays(range.trim() as RelativeRange) * DAY_MS;
  return { ...rest, startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() };
}

/** What is left of `range` after withRelativeRange: a range it could not stand in for. */
const leftoverRangeParam = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined) return;
    const text = typeof value === "string" ? value.trim() : "";
    ctx.addIssue({
      code: "custom",
      message: isOneOf(RELATIVE_RANGES, text) ? "give either range or startTime and endTime" : notOneOf(RELATIVE_RANGES),
    });
  });

/** The list's filter: a range of time, search, session and transcriptFilterFields. */
const listFilterFields = {
  range: leftoverRangeParam,
  startTime: instantParam("startTime"),
  endTime: instantParam("endTime"),
  search: optionalTextParam(SEARCH_QUERY_MAX_LENGTH),
  sessionId: optionalTextParam(SESSION_ID_MAX_LENGTH),
  ...transcriptFilterFields,
};

/**
 * GET /api/transcripts?(startTime&endTime | range)&page&limit[&search][&sessionId][&status][&tag...][&assignee][&feedback][&hasNotes]
 * [&signal...][&questionGroup][&device][&os][&browser][&minMessages][&maxMessages][&hour][&weekday][&tz]
 */
export const listTranscriptsQuerySchema = z.preprocess(
  withRelativeRange,
  z
    .object({
      ...listFilterFields,
      page: integerParam({ min: 1, max: MAX_PAGE, fallback: 1 }),
      limit: integerParam({ min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE }),
    })
    .superRefine(refineRange),
);

/** The formats of the export with conversations: JSON Lines, or CSV with one row per message. */
export const CONVERSATION_EXPORT_FORMATS = ["jsonl", "csv"] as const;
export type ConversationExportFormat = (typeof CONVERSATION_EXPORT_FORMATS)[number];

/** GET /api/transcripts/export?format&(the list's filter, without page and limit). */
export const exportTranscriptsQuerySchema = z.preprocess(
  withRelativeRange,
  z
    .object({
      ...listFilterFields,
      format: z.enum(CONVERSATION_EXPORT_FORMATS, { error: `must be one of ${CONVERSATION_EXPORT_FORMATS.join(", ")}` }),
    })
    .superRefine(refineRange),
);
export type ExportTranscriptsQuery = z.infer<typeof exportTranscriptsQuerySchema>;

/** The query as parsed; the filter fields are optional so that callers of the plain list need not name them. */
export type ListTranscriptsQuery = Omit<z.infer<typeof listTranscriptsQuerySchema>, keyof typeof transcriptFilterFields | "range"> &
  Partial<Pick<z.infer<typeof listTranscriptsQuerySchema>, keyof typeof transcriptFilterFields>>;

/** Route parameter of /api/transcript/{transcriptId}. Any text is looked up; unknown ids are 404. */
export const transcriptIdParamsSchema = z.object({
  transcriptId: z.string().trim().min(1, "Transcript id is required").max(2000, "is too long"),
});

/** A row of the list: the specification's list item plus the derived fields the client would compute. */
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
  /** '3m 12s' or 'N/A'. */
  duration: string;
  /** First request turn's query, and the message of the first later text turn ('' when none). */
  question: string;
  answer: string;
  /** With a search: where the transcript holds it (see searchSnippet), when a shown message does. */
  searchSnippet?: string;
}

/** What each row of GET /api/transcripts also carries of its review. */
export interface TranscriptReviewFields {
  reviewStatus: ReviewStatus;
  /** Ordered by name. */
  tags: TagItem[];
  assignee: PersonRef | null;
  noteCount: number;
}

/** What each row of GET /api/transcripts also carries of its insights. */
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

/** GET /api/transcript/{id}: the transcript in the platform's format. */
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
