import "server-only";
import { db, type DatabaseTransaction } from "../db";
import { notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { transcriptKeyOf } from "./find-transcript-key";
import { getTranscriptReview } from "./get-transcript-review";
import type { ReviewChange, TranscriptReviewDetail } from "@/lib/schemas/review";

export const TAG_NOT_FOUND = "Tag not found";
export const USER_NOT_FOUND = "User not found";

/** Throws NOT_FOUND unless every id names a tag. */
export async function assertTagsExist(tx: Pick<DatabaseTransaction, "tag">, tagIds: readonly string[]): Promise<void> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  if ((await tx.tag.count({ where: { id: { in: unique } } })) !== unique.length) throw notFound(TAG_NOT_FOUND);
}

/** Throws NOT_FOUND unless the id names an approved, active account: only such a person can be assigned. */
export async function assertAssignable(tx: Pick<DatabaseTransaction, "user">, userId: string | null | undefined): Promise<void> {
  if (userId == null) return;
  const user = await tx.user.findUnique({ where: { id: userId }, select: { approved: true, isActive: true } });
  if (!user || !user.approved || !user.isActive) throw notFound(USER_NOT_FOUND);
}

/**
 * PATCH /api/transcript/{id}/review: changes status, assignee and tags in one transaction, with an
 * audit entry per kind of change. Approved users. Unknown transcript, tag or user: NOT_FOUND.
 */
export async function updateTranscriptReview(
  transcriptId: string,
  change: ReviewChange,
  actor: SessionUser,
): Promise<TranscriptReviewDetail> {
  await db.$transaction(async (tx) => {
    const sortKey = await transcriptKeyOf(tx, transcriptId);
    await assertTagsExist(tx, [...(change.addTagIds ?? []), ...(change.removeTagIds ?? [])]);
    await assertAssignable(tx, change.assigneeId);
    const audit = (action: Parameters<typeof recordAuditEvent>[1]["action"], details: Record<string, unknown>) =>
      recordAuditEvent(tx, { actor, action, targetType: "transcript", targetId: transcriptId, details });

    const before = await tx.transcriptReview.findUnique({ where: { sortKey } });
    const status = change.status ?? before?.status ?? "unreviewed";
    const assigneeId = change.assigneeId !== undefined ? change.assigneeId : (before?.assigneeId ?? null);
    const statusChanged = status !== (before?.status ?? "unreviewed");
    const assigneeChanged = assigneeId !== (before?.assigneeId ?? null);
    if (statusChanged || assigneeChanged) {
      const data = { status, assigneeId, updatedById: actor.id, updatedAt: new Date() };
      await tx.transcriptReview.upsert({ where: { sortKey }, create: { sortKey, ...data }, update: data });
      if (statusChanged) await audit("transcript.review_status", { from: before?.status ?? "unreviewed", to: status });
      if (assigneeChanged) await audit("transcript.assign", { from: before?.assigneeId ?? null, to: assigneeId });
    }

    const held = new Set((await tx.transcriptTag.findMany({ where: { sortKey }, select: { tagId: true } })).map((row) => row.tagId));
    const added = [...new Set(change.addTagIds ?? [])].filter((tagId) => !held.has(tagId));
    const removed = [...new Set(change.removeTagIds ?? [])].filter((tagId) => held.has(tagId) && !added.includes(tagId));
    for (const tagId of added) await tx.transcriptTag.create({ data: { sortKey, tagId } });
    if (removed.length > 0) await tx.transcriptTag.deleteMany({ where: { sortKey, tagId: { in: removed } } });
    if (added.length > 0) await audit("transcript.tag_add", { tagIds: added });
    if (removed.length > 0) await audit("transcript.tag_remove", { tagIds: removed });
  });
  return getTranscriptReview(transcriptId);
}
