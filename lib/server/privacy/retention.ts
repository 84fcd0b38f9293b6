import "server-only";
import { db } from "../db";
import { recordAuditEvent, type AuditActor } from "../audit/record-audit-event";
import { startJob, type StartedJob } from "../jobs/run-jobs";
import { registerJobKind, type JobState, type JobTransaction, type StepResult } from "../jobs/job-kinds";
import { countCreatedBefore, deleteTranscripts, oldestIdsBefore } from "../store";
import { getPrivacySettings } from "./privacy-settings";
import { retentionCutoffMs } from "@/lib/privacy/admission";
import { isJobUnderWay } from "@/lib/schemas/sources";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

// The "retention" job: deletes the transcripts created before now less the privacy
// settings' retentionDays, oldest first, a batch per step, with everything stored with them
// (deleteTranscripts), then records one audit entry with the count and the cut-off. The cut-off is
// fixed when the job is queued; a step finds the oldest transcripts left before it, so a step that
// runs again after a crash goes on where the deletions stopped. Should the settings keep
// transcripts longer meanwhile, the job moves its cut-off back to match; with retention turned off
// it stops. It runs daily: the cron endpoint and `npm run sync` queue it (startDueRetention) when
// retention is on and no retention job was queued in the last 24 hours. Every way in refuses what
// is already past the limit (saveAdmittedTranscripts), by the same cut-off.

export const RETENTION_JOB_KIND = "retention";

/** Transcripts deleted per step: a few seconds of work at most, so that the runner keeps its budget. */
const RETENTION_BATCH_SIZE = 2_000;
const RUN_EVERY_MS = DAY_MS;

/** The actor the audit log names for the retention: the portal itself, no user. */
export const RETENTION_ACTOR: AuditActor = { id: null, email: "retention" };

interface RetentionCursor {
  /** Transcripts created before this instant (epoch ms) are deleted. */
  cutoffMs: number;
  retentionDays: number;
  /** Transcripts deleted so far. */
  deleted: number;
}

function finished(job: JobState<RetentionCursor>, cursor: RetentionCursor, stoppedBecause?: string): StepResult<RetentionCursor> {
  return {
    cursor,
    done: job.done,
    total: job.done,
    finished: { status: "succeeded" },
    writes: (tx: JobTransaction) =>
      recordAuditEvent(tx, {
        actor: RETENTION_ACTOR,
        action: "transcripts.retention",
        targetType: "transcripts",
        targetId: "retention",
        targetLabel: `Transcripts created before ${new Date(cursor.cutoffMs).toISOString()}`,
        details: {
          deleted: cursor.deleted,
          cutoff: new Date(cursor.cutoffMs).toISOString(),
          retentionDays: cursor.retentionDays,
          jobId: job.id,
          ...(stoppedBecause ? { stopped: stoppedBecause } : {}),
        },
      }),
  };
}

async function step(job: JobState<RetentionCursor>): Promise<StepResult<RetentionCursor>> {
  const { retentionDays } = (await getPrivacySettings()).settings;
  if (retentionDays === null) return finished(job, job.cursor, "retention was turned off");
  const settingsCutoffMs = retentionCutoffMs(retentionDays, Date.now());
  const cursor = settingsCutoffMs < job.cursor.cutoffMs ? { ...job.cursor, cutoffMs: settingsCutoffMs, retentionDays } : job.cursor;
  const ids = await oldestIdsBefore(cursor.cutoffMs, RETENTION_BATCH_SIZE);
  if (ids.length === 0) return finished(job, cursor);
  const deleted = await deleteTranscripts(ids);
  const done = job.done + deleted;
  return { cursor: { ...cursor, deleted: cursor.deleted + deleted }, done, total: Math.max(job.total ?? 0, done) };
}

registerJobKind<RetentionCursor>(RETENTION_JOB_KIND, { step });

/**
 * Queues a retention pass by the settings in force, or answers the one under way; null when
 * retention is off. `id` names the job when given.
 */
async function queueRetention(id?: string): Promise<StartedJob | null> {
  const { retentionDays } = (await getPrivacySettings()).settings;
  if (retentionDays === null) return null;
  const cutoffMs = retentionCutoffMs(retentionDays, Date.now());
  const cursor: RetentionCursor = { cutoffMs, retentionDays, deleted: 0 };
  // Counted before the transaction: the store's reads take connections of their own.
  const total = await countCreatedBefore(cutoffMs);
  try {
    return await startJob(RETENTION_JOB_KIND, RETENTION_JOB_KIND, async () => ({ id, cursor, total }));
  } catch (error) {
    // Another instance queued this pass first (and it may have ended already).
    if ((error as { code?: string }).code === "P2002" && id) return { jobId: id, started: false };
    throw error;
  }
}

/** `npm run retention`: a retention pass now (or the one under way); null when retention is off. */
export function startRetention(): Promise<StartedJob | null> {
  return queueRetention();
}

/**
 * The cron endpoint and `npm run sync`: queues the daily retention pass when retention is on and
 * no retention job is under way or was queued within the last 24 hours. The job is named after the
 * last one, so that of two instances queueing it at once one does. Resolves to the job queued.
 */
export async function startDueRetention(): Promise<string | null> {
  const { retentionDays } = (await getPrivacySettings()).settings;
  if (retentionDays === null) return null;
  const last = await db.job.findFirst({
    where: { kind: RETENTION_JOB_KIND },
    orderBy: { createdAt: "desc" },
    select: { status: true, createdAt: true },
  });
  if (last && (isJobUnderWay(last) || Date.now() - last.createdAt.getTime() < RUN_EVERY_MS)) return null;
  const queued = await queueRetention(`${RETENTION_JOB_KIND}-after-${last?.createdAt.getTime() ?? 0}`);
  return queued?.started ? queued.jobId : null;
}

export interface RetentionPass {
  status: string;
  deleted: number;
  /** Transcripts created before this instant were deleted. */
  cutoff: string;
  error: string | null;
}

/** A retention job as it stands: how many transcripts it deleted, before which cut-off. */
export async function getRetentionPass(jobId: string): Promise<RetentionPass> {
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  const cursor = JSON.parse(job.cursor) as RetentionCursor;
  return { status: job.status, deleted: cursor.deleted, cutoff: new Date(cursor.cutoffMs).toISOString(), error: job.error };
}
