import "server-only";
import { db, Prisma } from "../db";
import { BudgetExhaustedError, registerJobKind, type JobState, type JobTransaction, type StepResult } from "../jobs/job-kinds";
import { importRecords } from "../ingest/import-records";
import { PlatformError, type RequestLimits, type RetryLedger } from "./http-client";
import { pauseAfterRepeatedFailures } from "./repeated-failures";
import { fetchTranscript, listPage, type ListedTranscript, type PlatformConnection } from "./voiceflow-api";
import { openSecret, SecretKeyError } from "./secret-box";
import pLimit from "p-limit";
import { fetchConcurrency } from "./sync-settings";
import type { RejectedTranscript, SourceKind } from "@/lib/schemas/sources";

// The "source-sync" job: one run of a source over a fixed window of creation times. Each step reads
// one page of the listing (or the next 100 entries of a long one), fetches the transcripts that are
// new or whose updatedAt moved, stores them through the import path, and commits its counts, the
// links to the source and the next position together with the job's cursor: after a crash the
// same page is read again, and what it stored before is then found unchanged. The failed attempts
// of the requests a step could not finish go in the cursor too (RetryLedger), so that a platform
// too slow for any step still reaches the retry cap and ends the run with the reason.

export const SYNC_JOB_KIND = "source-sync";
/** Listing entries handled per step. */
const STEP_ENTRIES = 100;
/** Rejections a run keeps with their reasons (rejectedCount counts them all). */
export const KEPT_REJECTIONS = 200;

export interface SyncCursor {
  sourceId: string;
  windowStartMs: number;
  windowEndMs: number;
  /** The listing page being read (its meaning is the kind's: an offset or a day). */
  position: number;
  /** Entries of that page already handled. */
  offset: number;
  /** Failed attempts of the requests the next step makes again. */
  retries?: RetryLedger;
}

interface StepCounts {
  pages: number;
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: RejectedTranscript[];
  storedIds: string[];
  reachedMs: number;
}

async function step(job: JobState<SyncCursor>, budget: { deadline: number }): Promise<StepResult<SyncCursor>> {
  const { cursor } = job;
  const source = await db.source.findUnique({ where: { id: cursor.sourceId } });
  if (!source) return { cursor, done: job.done, finished: { status: "failed", error: "The source was deleted" } };
  if (source.paused) return failed(job, "Paused by an administrator", "cancelled");
  let connection: PlatformConnection;
  try {
    connection = {
      kind: source.kind as SourceKind,
      projectId: source.projectId,
      environmentId: source.environmentId,
      baseUrl: source.baseUrl,
      apiKey: openSecret(source.apiKeySealed),
    };
  } catch (error) {
    if (error instanceof SecretKeyError) return failed(job, error.message);
    throw error;
  }
  const ledger: RetryLedger = { ...cursor.retries };
  const limits: RequestLimits = { deadline: budget.deadline, ledger };
  try {
    const window = { startMs: cursor.windowStartMs, endMs: cursor.windowEndMs };
    const page = await listPage(connection, window, cursor.position, limits);
    const entries = page.items.slice(cursor.offset, cursor.offset + STEP_ENTRIES);
    const counts = await storeEntries(connection, cursor.sourceId, entries, limits);
    const pageDone = cursor.offset + STEP_ENTRIES >= page.items.length;
    if (cursor.offset === 0) counts.rejected.unshift(...page.malformed);
    counts.pages = pageDone ? 1 : 0;
    counts.fetched += cursor.offset === 0 ? page.malformed.length : 0;
    counts.reachedMs = pageDone ? page.reachedMs : entries[entries.length - 1].createdAtMs;
    const isFinished = pageDone && page.next === null;
    const next: SyncCursor = pageDone
      ? { ...cursor, position: page.next ?? cursor.position, offset: 0, retries: {} }
      : { ...cursor, offset: cursor.offset + STEP_ENTRIES, retries: {} };
    const done = job.done + counts.fetched;
    return {
      cursor: next,
      done,
      ...(isFinished ? { finished: { status: "succeeded" as const } } : {}),
      writes: async (tx) => {
        await recordProgress(tx, job.id, cursor.sourceId, counts);
        if (isFinished) await finishRun(tx, job.id, cursor, { status: "succeeded" });
      },
    };
  } catch (error) {
    // The step's time is up while a request waits to be tried again: its attempts so far are kept.
    if (error instanceof BudgetExhaustedError) return { cursor: { ...cursor, retries: ledger }, done: job.done };
    if (error instanceof PlatformError) return failed(job, error.message);
    throw error;
  }
}

/** Fetches and stores the entries that are new or changed; the others count as unchanged. */
async function storeEntries(
  connection: PlatformConnection,
  sourceId: string,
  entries: ListedTranscript[],
  limits: RequestLimits,
): Promise<StepCounts> {
  const counts: StepCounts = {
    pages: 0,
    fetched: entries.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    storedIds: [],
    reachedMs: 0,
  };
  if (entries.length === 0) return counts;
  const stored = await db.transcript.findMany({
    where: { id: { in: entries.map((entry) => entry.id) } },
    select: { id: true, updatedAt: true },
  });
  const storedUpdatedAt = new Map(stored.map((row) => [row.id, row.updatedAt.getTime()]));
  const isUnchanged = (entry: ListedTranscript) => entry.updatedAtMs !== null && storedUpdatedAt.get(entry.id) === entry.updatedAtMs;
  const changed = entries.filter((entry) => !isUnchanged(entry));
  counts.storedIds = entries.filter(isUnchanged).map((entry) => entry.id);
  counts.unchanged = counts.storedIds.length;

  // A refused key or a spent budget stops the step: the fetches not started yet are dropped.
  const limit = pLimit(fetchConcurrency());
  const records = await limit.map(changed, async (entry) => {
    try {
      return { entry, raw: await fetchTranscript(connection, entry, limits) };
    } catch (error) {
      // A transcript the platform cannot give is rejected and the others go on.
      if (error instanceof PlatformError && (error.kind === "not-found" || error.kind === "bad-response" || error.kind === "unavailable")) {
        return { entry, reason: error.message };
      }
      limit.clearQueue();
      throw error;
    }
  });
  const readable = records.filter((record): record is { entry: ListedTranscript; raw: unknown } => "raw" in record);
  for (const record of records) if ("reason" in record) counts.rejected.push({ transcriptId: record.entry.id, reason: record.reason! });
  const { report, skippedIndexes } = await importRecords(
    readable.map((record) => ({ raw: record.raw })),
    sourceId,
  );
  // Records the privacy rules skip (erased on request, past retention) are not stored, so not linked.
  const notStored = new Set([...report.rejected.map((rejection) => rejection.index), ...skippedIndexes]);
  for (const rejection of report.rejected)
    counts.rejected.push({ transcriptId: readable[rejection.index].entry.id, reason: rejection.reason });
  counts.created = report.imported;
  counts.updated = report.updated;
  counts.storedIds.push(...readable.filter((_, index) => !notStored.has(index)).map((record) => record.entry.id));
  return counts;
}

async function recordProgress(tx: JobTransaction, runId: string, sourceId: string, counts: StepCounts): Promise<void> {
  const run = await tx.syncRun.findUnique({ where: { id: runId }, select: { rejected: true } });
  if (!run) return;
  const kept = JSON.parse(run.rejected) as RejectedTranscript[];
  await tx.syncRun.update({
    where: { id: runId },
    data: {
      pages: { increment: counts.pages },
      fetched: { increment: counts.fetched },
      created: { increment: counts.created },
      updated: { increment: counts.updated },
      unchanged: { increment: counts.unchanged },
      rejectedCount: { increment: counts.rejected.length },
      ...(counts.rejected.length > 0 && kept.length < KEPT_REJECTIONS
        ? { rejected: JSON.stringify([...kept, ...counts.rejected].slice(0, KEPT_REJECTIONS)) }
        : {}),
      reachedAt: new Date(counts.reachedMs),
    },
  });
  if (counts.storedIds.length > 0) {
    const rows = counts.storedIds.map((transcriptId) => Prisma.sql`(${sourceId}, ${transcriptId})`);
    await tx.$executeRaw(
      Prisma.sql`INSERT INTO "SourceTranscript" ("sourceId", "transcriptId") VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`,
    );
  }
}

/** Ends the run and frees its source; a successful run moves the source's synced window forward. */
async function finishRun(
  tx: JobTransaction,
  runId: string,
  cursor: SyncCursor,
  outcome: { status: "succeeded" } | { status: "failed" | "cancelled"; error: string },
): Promise<void> {
  const now = new Date();
  const { count } = await tx.syncRun.updateMany({
    where: { id: runId },
    data: {
      status: outcome.status,
      finishedAt: now,
      ...(outcome.status === "succeeded" ? { reachedAt: new Date(cursor.windowEndMs) } : { error: outcome.error }),
    },
  });
  if (count === 0) return;
  await tx.source.updateMany({
    where: { id: cursor.sourceId, activeRunId: runId },
    data: { activeRunId: null, lastSyncAt: now, ...(outcome.status === "succeeded" ? { syncedUntil: new Date(cursor.windowEndMs) } : {}) },
  });
  if (outcome.status === "failed") await pauseAfterRepeatedFailures(tx, cursor.sourceId);
}

/** Ends the run without moving the source's synced window: the next run reads the same transcripts again. */
function failed(job: JobState<SyncCursor>, error: string, runStatus: "failed" | "cancelled" = "failed"): StepResult<SyncCursor> {
  return {
    cursor: job.cursor,
    done: job.done,
    finished: { status: "failed", error },
    writes: (tx) => finishRun(tx, job.id, job.cursor, { status: runStatus, error }),
  };
}

registerJobKind<SyncCursor>(SYNC_JOB_KIND, {
  step,
  onFailure: (tx, job, message) => finishRun(tx, job.id, job.cursor, { status: "failed", error: message }),
});
