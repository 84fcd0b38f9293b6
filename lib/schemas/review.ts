// Contracts of the review workflow: a transcript's review status, assignee, tags and
// notes, the tags themselves, saved views and bulk actions. Shared by the route handlers and the
// client hooks (lib/queries/review*.ts).
import { z } from "zod";

export const REVIEW_STATUSES = ["unreviewed", "reviewed", "needs_attention"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const FEEDBACK_FILTERS = ["down", "up", "any", "none"] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];

export const NOTE_MAX_LENGTH = 10_000;
export const TAG_NAME_MAX_LENGTH = 50;
export const VIEW_NAME_MAX_LENGTH = 100;
export const VIEW_QUERY_MAX_LENGTH = 4_000;
/** Tags one request may add or remove, and tags one list filter may name. */
export const MAX_TAG_IDS = 50;

/** The name a note's author shows under once their account is deleted. */
export const DELETED_USER_NAME = "Deleted user";

const id = z.string().trim().min(1, "is required").max(100, "is too long");
const tagIds = z.array(id).max(MAX_TAG_IDS, `may hold at most ${MAX_TAG_IDS} ids`);

/** Route parameters. */
export const noteParamsSchema = z.object({ transcriptId: z.string().trim().min(1).max(2000), noteId: id });
export const tagParamsSchema = z.object({ id });
export const viewParamsSchema = z.object({ id });

/** PATCH /api/transcript/{id}/review; assigneeId null clears the assignee. */
export const reviewChangeSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES).optional(),
    assigneeId: id.nullable().optional(),
    addTagIds: tagIds.optional(),
    removeTagIds: tagIds.optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), "Nothing to change");
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

const noteBody = z
  .string({ error: "body is required" })
  .trim()
  .min(1, "must not be empty")
  .max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters`);

/** POST /api/transcript/{id}/notes and PATCH /api/transcript/{id}/notes/{noteId}. */
export const noteBodySchema = z.object({ body: noteBody }).strict();

const tagName = z.string({ error: "name is required" }).trim().min(1, "must not be empty").max(TAG_NAME_MAX_LENGTH, "is too long");
const tagColor = z
  .string({ error: "color is required" })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1f77b4")
  .transform((value) => value.toLowerCase());

/** The colour a new tag starts with. */
export const DEFAULT_TAG_COLOR = "#6366f1";

/** POST /api/tags; PATCH /api/tags/{id} takes either field. */
export const createTagSchema = z.object({ name: tagName, color: tagColor }).strict();
export const updateTagSchema = z
  .object({ name: tagName.optional(), color: tagColor.optional() })
  .strict()
  .refine((value) => value.name !== undefined || value.color !== undefined, "Nothing to change");

/** POST /api/views: query is the list's query string (without a leading "?"). */
export const createViewSchema = z
  .object({
    name: z.string({ error: "name is required" }).trim().min(1, "must not be empty").max(VIEW_NAME_MAX_LENGTH, "is too long"),
    shared: z.boolean().default(false),
    query: z.string({ error: "query is required" }).max(VIEW_QUERY_MAX_LENGTH, "is too long"),
  })
  .strict();

/** What a bulk action does to every transcript of its filter: exactly one of these. */
export const bulkActionSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES).optional(),
    addTagIds: tagIds.min(1).optional(),
    removeTagIds: tagIds.min(1).optional(),
    assigneeId: id.nullable().optional(),
  })
  .strict()
  .refine((value) => Object.values(value).filter((field) => field !== undefined).length === 1, "Give exactly one action");
export type BulkAction = z.infer<typeof bulkActionSchema>;

export interface TagItem {
  id: string;
  name: string;
  color: string;
}

export interface PersonRef {
  id: string;
  email: string;
  name: string | null;
}

/** A note's author: a deleted account shows as {id: null, email: null, name: DELETED_USER_NAME}. */
export type NoteAuthor = PersonRef | { id: null; email: null; name: typeof DELETED_USER_NAME };

export interface NoteItem {
  id: string;
  author: NoteAuthor;
  body: string;
  createdAt: string;
  updatedAt: string;
}

/** `review` of GET /api/transcript/{id}, and the answer of PATCH .../review. */
export interface TranscriptReviewDetail {
  status: ReviewStatus;
  /** Who last changed the status or assignee; null when never changed or the account is deleted. */
  updatedBy: PersonRef | null;
  updatedAt: string | null;
  assignee: PersonRef | null;
  tags: TagItem[];
  notes: NoteItem[];
}

export interface BulkResult {
  matched: number;
  changed: number;
}

export interface SavedViewItem {
  id: string;
  name: string;
  shared: boolean;
  query: string;
  owner: PersonRef | null;
  /** Whether the caller may delete it (owner, or an administrator for a shared view). */
  canDelete: boolean;
  createdAt: string;
}

/** A list filter as the bulk action's body carries it: the list's query parameters, tag as a list. */
export const bulkFilterSchema = z.record(z.string(), z.union([z.string(), z.array(z.string()).max(MAX_TAG_IDS)]));

/** POST /api/transcripts/bulk. */
export const bulkRequestSchema = z
  .object({
    filter: bulkFilterSchema,
    action: bulkActionSchema,
    expectedCount: z.number({ error: "expectedCount is required" }).int().min(0),
  })
  .strict();
