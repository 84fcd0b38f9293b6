import "server-only";
import { startStoreWideJob } from "../jobs/start-store-wide-job";
import type { AuditActor } from "../audit/record-audit-event";
import { registerJobKind, type JobState, type JobTransaction, type StepResult } from "../jobs/job-kinds";
import { hasSignalsOfOtherVersion, recomputeSignalsAfter } from "../store";

// The "signal-recompute" job: derives every stored transcript's signals again by the
// phrase lists in force, in sort key order, a batch per step; its cursor is the last key done. A
// transcript saved again while its batch is between reading and writing keeps, until its next save
// or recompute, the signals of the source the step read.

export const RECOMPUTE_JOB_KIND = "signal-recompute";

/** Transcripts per step: a step reads their sources, derives and writes their signals. */
const RECOMPUTE_BATCH_SIZE = 2_000;

interface RecomputeCursor {
  /** The last sort key recomputed (-1 before the first). */
  afterKey: number;
}

async function step(job: JobState<RecomputeCursor>): Promise<StepResult<RecomputeCursor>> {
  const batch = await recomputeSignalsAfter(job.cursor.afterKey, RECOMPUTE_BATCH_SIZE);
  if (batch.count === 0) return { cursor: job.cursor, done: job.done, finished: { status: "succeeded" } };
  return {
    cursor: { afterKey: batch.lastKey },
    done: job.done + batch.count,
    writes: (tx: JobTransaction) => batch.write((statement) => tx.$executeRaw(statement).then(() => undefined)),
  };
}

registerJobKind<RecomputeCursor>(RECOMPUTE_JOB_KIND, { step });

/**
 * POST /api/admin/insight-settings/recompute: starts the recompute of every stored transcript's
 * signals (audited), or answers the one under way. Administrators. Resolves to the job's id.
 */
export async function startSignalRecompute(actor: AuditActor): Promise<{ jobId: string; started: boolean }> {
  const cursor: RecomputeCursor = { afterKey: -1 };
  return startStoreWideJob(RECOMPUTE_JOB_KIND, cursor, {
    actor,
    action: "insight_settings.recompute",
    targetType: "insight_settings",
    targetId: "1",
    targetLabel: "Insight settings",
  });
}

/** The portal itself, when it starts a recompute because the rules' version moved on. */
const SIGNALS_VERSION_ACTOR: AuditActor = { id: null, email: "signals-version" };

/** Set once this process knows that every stored signal has the rules' version, or that a recompute started for them. */
let isVersionChecked = false;

/**
 * Starts the recompute (audited as the portal's) when stored signals were derived by rules of
 * another version (a new release changed them): what the cron endpoint and the scheduler's ticks
 * do before stepping jobs. Asks the database once per process until then. Resolves to the job
 * started, or null.
 */
export async function startStaleSignalRecompute(): Promise<string | null> {
  if (isVersionChecked) return null;
  if (!(await hasSignalsOfOtherVersion())) {
    isVersionChecked = true;
    return null;
  }
  const { jobId, started } = await startSignalRecompute(SIGNALS_VERSION_ACTOR);
  isVersionChecked = true;
  return started ? jobId : null;
}
