import "server-only";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { JobTransaction } from "../jobs/job-kinds";

/** Runs in a row that failed with the same error before the source is paused. */
export const FAILURES_BEFORE_PAUSE = 3;

/**
 * Pauses a source whose last FAILURES_BEFORE_PAUSE runs all failed with the same error: a refused
 * key, an unknown project or a platform that never answers would only fail again every interval.
 * The reason shows on its card until an administrator resumes it; the pause is audited, by the
 * portal itself. Called in the transaction that ends a failed run.
 */
export async function pauseAfterRepeatedFailures(tx: JobTransaction, sourceId: string): Promise<void> {
  const runs = await tx.syncRun.findMany({
    where: { sourceId, status: { not: "running" } },
    orderBy: { startedAt: "desc" },
    take: FAILURES_BEFORE_PAUSE,
    select: { status: true, error: true },
  });
  const error = runs[0]?.error;
  if (runs.length < FAILURES_BEFORE_PAUSE || !error || runs.some((run) => run.status !== "failed" || run.error !== error)) return;
  const reason = `${FAILURES_BEFORE_PAUSE} runs in a row failed: ${error}`;
  const { count } = await tx.source.updateMany({ where: { id: sourceId, paused: false }, data: { paused: true, pausedReason: reason } });
  if (count === 0) return;
  const source = await tx.source.findUniqueOrThrow({ where: { id: sourceId }, select: { name: true } });
  await recordAuditEvent(tx, {
    actor: { id: null, email: "sync" },
    action: "source.update",
    targetType: "source",
    targetId: sourceId,
    targetLabel: source.name,
    details: { paused: true, reason },
  });
}
