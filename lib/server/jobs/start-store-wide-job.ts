import "server-only";
import { recordAuditEvent, type AuditEventInput } from "../audit/record-audit-event";
import { startJob, type StartedJob } from "./run-jobs";

/**
 * Starts the one job of `kind` that goes over every stored transcript from `cursor` (its total the
 * store's count), with an audit entry of the settings it works for naming the job and the count;
 * or answers the job of `kind` under way.
 */
export function startStoreWideJob(
  kind: string,
  cursor: unknown,
  audit: Pick<AuditEventInput, "actor" | "action" | "targetType" | "targetId" | "targetLabel">,
): Promise<StartedJob> {
  return startJob(kind, kind, async (tx) => {
    const total = await tx.transcript.count();
    return {
      cursor,
      total,
      writes: (writeTx, jobId) => recordAuditEvent(writeTx, { ...audit, details: { jobId, transcripts: total } }),
    };
  });
}
