// Contracts of the feedback endpoints, shared by handlers, hooks and exports.
import { z } from "zod";

export const FEEDBACK_TYPES = ["thumbs_up", "thumbs_down"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const REVIEW_STATUSES = ["pending", "reviewed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A comment holds at most 1000 characters (after trimming). */
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;

/**
 * POST /api/feedback. messageIndex is the 0-based position of the rated bot message among the
 * transcript's shown turns (its text and request entries, in dialog order); it must be a text
 * (bot) turn. A blank comment counts as none.
 */
export const submitFeedbackSchema = z
  .object({
    transcriptId: z
      .string({ error: "transcriptId is required" })
      .trim()
      .min(1, "transcriptId is required")
      .max(200, "Transcript not found"),
    messageIndex: z
      .number({ error: "messageIndex must be a number" })
      .int("messageIndex must be a whole number")
      .min(0, "messageIndex must be 0 or more")
      .max(100_000, "messageIndex is out of range"),
    feedbackType: z.enum(FEEDBACK_TYPES, { error: "feedbackType must be thumbs_up or thumbs_down" }),
    comment: z
      .string({ error: "comment must be text" })
      .trim()
      .max(FEEDBACK_COMMENT_MAX_LENGTH, `comment must be at most ${FEEDBACK_COMMENT_MAX_LENGTH} characters`)
      .nullish()
      .transform((comment) => comment || undefined),
  })
  .strict();
export type SubmitFeedbackInput = z.infer<typeof submitFeedbackSchema>;

/** The caller's own rating of one message, as POST /api/feedback and GET /api/feedback return it. */
export interface MyFeedbackDto {
  id: string;
  transcriptId: string;
  messageIndex: number;
  feedbackType: FeedbackType;
  comment: string | null;
  createdAt: string;
}

/** GET /api/feedback?transcriptId= — the caller's ratings on one transcript. */
export const myFeedbackQuerySchema = z.object({
  transcriptId: z.string({ error: "transcriptId is required" }).trim().min(1, "transcriptId is required").max(200, "Transcript not found"),
});

/** The five filters of Feedback Management. */
export const FEEDBACK_FILTERS = ["all", "pending", "reviewed", "not_helpful", "with_comments"] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];

export const ADMIN_FEEDBACK_MAX_PAGE_SIZE = 500;

/** GET /api/admin/feedback?filter&page&limit[&transcriptId] — newest first; transcriptId keeps one transcript's. */
export const adminFeedbackQuerySchema = z.object({
  filter: z.enum(FEEDBACK_FILTERS, { error: `filter must be one of ${FEEDBACK_FILTERS.join(", ")}` }).default("all"),
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(1_000_000, "page is out of range")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 500")
    .max(ADMIN_FEEDBACK_MAX_PAGE_SIZE, "limit must be between 1 and 500")
    .default(50),
  transcriptId: z
    .string({ error: "transcriptId must be text" })
    .trim()
    .min(1, "transcriptId must not be empty")
    .max(200, "transcriptId is too long")
    .optional(),
});
export type AdminFeedbackQuery = z.infer<typeof adminFeedbackQuerySchema>;

/** A feedback item as administrators see it. */
export interface FeedbackDto {
  id: string;
  /** null when the user who gave it has since been deleted. */
  user: { email: string; name: string | null } | null;
  transcriptId: string;
  messageIndex: number;
  feedbackType: FeedbackType;
  comment: string | null;
  reviewStatus: ReviewStatus;
  createdAt: string;
}

/** The five count cards, over all feedback whatever the filter. */
export interface FeedbackCounts {
  total: number;
  thumbsUp: number;
  thumbsDown: number;
  pending: number;
  reviewed: number;
}

export interface AdminFeedbackResponse {
  items: FeedbackDto[];
  /** Items matching the filter. */
  total: number;
  totalPages: number;
  counts: FeedbackCounts;
}

/** PATCH /api/admin/feedback/{id}/review-status */
export const reviewStatusSchema = z
  .object({
    reviewStatus: z.enum(REVIEW_STATUSES, { error: "reviewStatus must be pending or reviewed" }),
  })
  .strict();

/** Route parameter of /api/admin/feedback/{id}. */
export const feedbackIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid feedback id"),
});
