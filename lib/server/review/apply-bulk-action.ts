import "server-only";
import { db } from "../db";
import { recordAuditEvent } from "../audit/record-audit-event";
import { redactFilterForAudit } from "../audit/redact-audit-filter";
import type { SessionUser } from "../auth/session";
import { applyBulkReview } from "../store";
import { assertAssignable, assertTagsExist } from "./update-transcript-review";
import { badRequest } from "../http/app-error";
import { listTranscriptsQuerySchema } from "@/lib/schemas/transcripts";
import type { BulkAction, BulkResult } from "@/lib/schemas/review";

/**
 * POST /api/transcripts/bulk: the action on every transcript of the filter, refused (409 with the
 * new count) when the filter no longer matches expectedCount; one audit entry with the filter (its
 * texts redacted), the action and the counts.
 */
export async function applyBulkAction(
  rawFilter: Record<string, string | string[]>,
  action: BulkAction,
  expectedCount: number,
  actor: SessionUser,
): Promise<BulkResult> {
  // The list's own schema: the same filter means the same transcripts.
  const parsed = listTranscriptsQuerySchema.safeParse(rawFilter);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`filter.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "is invalid"}`);
  }
  const filter = parsed.data;
  await assertTagsExist(db, [...(action.addTagIds ?? []), ...(action.removeTagIds ?? [])]);
  await assertAssignable(db, action.assigneeId);
  const result = await applyBulkReview(filter, { userId: actor.id }, action, expectedCount);
  await recordAuditEvent(db, {
    actor,
    action: "transcripts.bulk",
    targetType: "transcripts",
    targetId: "filter",
    details: { filter: await redactFilterForAudit(rawFilter), action, matched: result.matched, changed: result.changed },
  });
  return result;
}
