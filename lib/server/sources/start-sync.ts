import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "../db";
import { AppError, notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import { runDueJobs, startJob } from "../jobs/run-jobs";
import { runBudgetMs } from "../jobs/job-settings";
import { startDueRetention } from "../privacy/retention";
import { startStaleSignalRecompute } from "../insights/recompute-signals";
import { SYNC_JOB_KIND, type SyncCursor } from "./sync-job";
import { syncIntervalMs, syncLookbackMs } from "./sync-settings";
import { recordSyncCall, type SyncDriver } from "./sync-schedule";
import { toSyncRunDto } from "./source-dto";
import type { SyncRunDto } from "@/lib/schemas/sources";
import type { SessionUser } from "../auth/session";

type Trigger = "manual" | "schedule";

/**
 * The window a run of the source reads, ending now: from its start date for the first run; then
 * from the end of its last successful window, or from SYNC_LOOKBACK_DAYS back when that is earlier,
 * so that conversations of the last days that went on since are read again (those whose updatedAt
 * did not move are not fetched). Never before the start date.
 */
export function syncWindow(source: { startDate: string; syncedUntil: Date | null }, nowMs: number): { startMs: number; endMs: number } {
  const startOfStartDate = Date.parse(`${source.startDate}T00:00:00.000Z`);
  const from = source.syncedUntil ? Math.min(source.syncedUntil.getTime(), nowMs - syncLookbackMs()) : startOfStartDate;
  return { startMs: Math.min(nowMs, Math.max(startOfStartDate, from)), endMs: nowMs };
}

/**
 * Starts a run of the source over its window (syncWindow), unless one is under way: the run's job
 * is keyed by the source (startJob), so that of two callers (two instances, a click and the cron)
 * one starts it and the other is given that run; the source's activeRunId names it. With
 * `dueBefore` (scheduled runs), a source that is paused or whose last run started since is left
 * alone, checked once the transaction holds the source's row, so that two instances that both found
 * it due never run it twice. Resolves to the run's id and whether this call started it. Throws NOT_FOUND.
 */
export async function startSourceSync(options: {
  sourceId: string;
  trigger: Trigger;
  actor?: Pick<SessionUser, "id" | "email">;
  dueBefore?: Date;
}): Promise<{ runId: string; started: boolean }> {
  const runId = randomUUID().replace(/-/g, "");
  const job = await startJob(SYNC_JOB_KIND, options.sourceId, async (tx) => {
    if (!(await tx.source.findUnique({ where: { id: options.sourceId }, select: { id: true } }))) throw notFound("Source not found");
    // Writing the row first makes a second caller wait here until the first one's run is committed.
    const source = await tx.source.update({ where: { id: options.sourceId }, data: { activeRunId: runId } });
    if (options.dueBefore) {
      const recent = await tx.syncRun.findFirst({
        where: { sourceId: source.id, startedAt: { gte: options.dueBefore } },
        select: { id: true },
      });
      if (recent || source.paused) return null;
    }
    const { startMs: windowStartMs, endMs: windowEndMs } = syncWindow(source, Date.now());
    const cursor: SyncCursor = { sourceId: source.id, windowStartMs, windowEndMs, position: 0, offset: 0 };
    return {
      id: runId,
      cursor,
      writes: async (tx) => {
        await tx.syncRun.create({
          data: {
            id: runId,
            sourceId: source.id,
            trigger: options.trigger,
            windowStart: new Date(windowStartMs),
            windowEnd: new Date(windowEndMs),
          },
        });
        if (options.actor) {
          await recordAuditEvent(tx, {
            actor: options.actor,
            action: "source.sync",
            targetType: "source",
            targetId: source.id,
            targetLabel: source.name,
          });
        }
      },
    };
  });
  return job ? { runId: job.jobId, started: job.started } : { runId, started: false };
}

/** Administrators' "Sync now", audited: the run started, or the one under way. Throws NOT_FOUND, CONFLICT for a paused source. */
export async function startManualSync({
  sourceId,
  actor,
}: {
  sourceId: string;
  actor: Pick<SessionUser, "id" | "email">;
}): Promise<{ runId: string; started: boolean }> {
  const source = await db.source.findUnique({ where: { id: sourceId }, select: { paused: true } });
  if (!source) throw notFound("Source not found");
  if (source.paused) throw new AppError("CONFLICT", "The source is paused: resume it to sync");
  return startSourceSync({ sourceId, trigger: "manual", actor });
}

/**
 * What the cron endpoint and the scheduler's ticks do: record the call (the Sources page tells
 * when nothing drives the sync), start the runs of the due sources and the daily retention pass
 * when it is due, the recompute of signals derived by rules of another version, then step every unfinished job (these, runs cut short earlier, other kinds of
 * job) until the run budget is spent or `signal` aborts. Resolves to the sync runs stepped, with
 * their counts so far, and whether a job stepped is still unfinished.
 */
export async function runScheduledSyncs(options: {
  driver: SyncDriver;
  budgetMs?: number;
  signal?: AbortSignal;
}): Promise<{ runs: (SyncRunDto & { sourceId: string })[]; workLeft: boolean }> {
  await recordSyncCall(options.driver);
  await startDueSyncs();
  await startDueRetention();
  await startStaleSignalRecompute();
  const outcomes = await runDueJobs({ budgetMs: options.budgetMs ?? runBudgetMs(), signal: options.signal });
  const runs = await db.syncRun.findMany({
    where: { id: { in: outcomes.map((outcome) => outcome.jobId) } },
    orderBy: { startedAt: "asc" },
  });
  return {
    runs: runs.map((run) => ({ sourceId: run.sourceId, ...toSyncRunDto(run) })),
    workLeft: outcomes.some((outcome) => outcome.status === "running"),
  };
}

/**
 * Starts a scheduled run of every source that is due: not paused, no run under way, and no run
 * started within SYNC_INTERVAL_MINUTES. Resolves to the ids of the runs started.
 */
export async function startDueSyncs(): Promise<string[]> {
  const dueBefore = new Date(Date.now() - syncIntervalMs());
  const candidates = await db.source.findMany({
    where: { paused: false, activeRunId: null },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const started: string[] = [];
  for (const { id } of candidates) {
    const recent = await db.syncRun.findFirst({ where: { sourceId: id, startedAt: { gte: dueBefore } }, select: { id: true } });
    if (recent) continue;
    const run = await startSourceSync({ sourceId: id, trigger: "schedule", dueBefore }).catch((error) => {
      if ((error as { code?: string }).code === "NOT_FOUND") return null;
      throw error;
    });
    if (run?.started) started.push(run.runId);
  }
  return started;
}
