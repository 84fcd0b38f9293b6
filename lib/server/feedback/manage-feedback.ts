import "server-only";
import { db } from "../db";
import { notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import type { AdminFeedbackQuery, AdminFeedbackResponse, FeedbackDto, FeedbackFilter, ReviewStatus } from "@/lib/schemas/feedback";

// Feedback Management, for administrators.

const feedbackSelect = {
  id: true,
  transcriptId: true,
  messageIndex: true,
  feedbackType: true,
  comment: true,
  reviewStatus: true,
  createdAt: true,
  user: { select: { email: true, name: true } },
} as const;

type FeedbackRow = {
  id: string;
  transcriptId: string;
  messageIndex: number;
  feedbackType: string;
  comment: string | null;
  reviewStatus: string;
  createdAt: Date;
  user: { email: string; name: string | null } | null;
};

function toFeedbackDto(row: FeedbackRow): FeedbackDto {
  return {
    id: row.id,
    user: row.user,
    transcriptId: row.transcriptId,
    messageIndex: row.messageIndex,
    feedbackType: row.feedbackType as FeedbackDto["feedbackType"],
    comment: row.comment,
    // A missing status counts as pending.
    reviewStatus: row.reviewStatus === "reviewed" ? "reviewed" : "pending",
    createdAt: row.createdAt.toISOString(),
  };
}

/** The filter options of the specification. Comments are stored trimmed, blank ones as null. */
const FILTER_WHERE: Record<FeedbackFilter, object> = {
  all: {},
  pending: { reviewStatus: { not: "reviewed" } },
  reviewed: { reviewStatus: "reviewed" },
  not_helpful: { feedbackType: "thumbs_down" },
  with_comments: { comment: { not: null } },
};
const THUMBS_UP_WHERE = { feedbackType: "thumbs_up" };

/**
 * One page of feedback matching the filter (and of one transcript, when given), newest first, with
 * the five counts over all feedback.
 */
export async function listFeedback(query: AdminFeedbackQuery): Promise<AdminFeedbackResponse> {
  const where =
    query.transcriptId === undefined ? FILTER_WHERE[query.filter] : { ...FILTER_WHERE[query.filter], transcriptId: query.transcriptId };
  const [items, total, all, thumbsUp, reviewed] = await Promise.all([
    db.feedback.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      select: feedbackSelect,
    }),
    db.feedback.count({ where }),
    db.feedback.count(),
    db.feedback.count({ where: THUMBS_UP_WHERE }),
    db.feedback.count({ where: FILTER_WHERE.reviewed }),
  ]);
  return {
    items: items.map(toFeedbackDto),
    total,
    totalPages: Math.ceil(total / query.limit),
    counts: { total: all, thumbsUp, thumbsDown: all - thumbsUp, pending: all - reviewed, reviewed },
  };
}

const FEEDBACK_NOT_FOUND = "Feedback not found";

const feedbackLabel = (row: { transcriptId: string; messageIndex: number; user: { email: string } | null }) =>
  `${row.user?.email ?? "deleted user"} on ${row.transcriptId} #${row.messageIndex}`;

/**
 * Deletes one feedback item, audited. Throws 404 for an unknown id. The delete decides inside the
 * transaction: of two administrators deleting at once, one deletes and records it, the other gets 404.
 */
export async function deleteFeedback({ actor, id }: { actor: SessionUser; id: string }): Promise<{ message: string }> {
  await db.$transaction(async (tx) => {
    const row = await tx.feedback.findUnique({ where: { id }, select: feedbackSelect });
    if (!row) throw notFound(FEEDBACK_NOT_FOUND);
    // Another delete can land between the read and this statement: the count decides.
    const { count } = await tx.feedback.deleteMany({ where: { id } });
    if (count === 0) throw notFound(FEEDBACK_NOT_FOUND);
    await recordAuditEvent(tx, { actor, action: "feedback.delete", targetType: "feedback", targetId: id, targetLabel: feedbackLabel(row) });
  });
  return { message: "Feedback deleted" };
}

/**
 * Marks one feedback item pending or reviewed, audited. Throws 404 for an unknown id, also when it
 * is deleted meanwhile: the update decides inside the transaction, and the item is read back there.
 */
export async function updateReviewStatus({
  actor,
  id,
  reviewStatus,
}: {
  actor: SessionUser;
  id: string;
  reviewStatus: ReviewStatus;
}): Promise<FeedbackDto> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.feedback.updateMany({ where: { id }, data: { reviewStatus } });
    if (count === 0) throw notFound(FEEDBACK_NOT_FOUND);
    const updated = await tx.feedback.findUniqueOrThrow({ where: { id }, select: feedbackSelect });
    await recordAuditEvent(tx, {
      actor,
      action: "feedback.review_status",
      targetType: "feedback",
      targetId: id,
      targetLabel: feedbackLabel(updated),
      details: { reviewStatus },
    });
    return toFeedbackDto(updated);
  });
}
