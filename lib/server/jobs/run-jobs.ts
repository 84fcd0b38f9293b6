import "server-only";
import { randomUUID } from "node:crypto";
import { after } from "next/server";
import { db } from "../db";
import { leaseMs, runBudgetMs } from "./job-settings";
import { BudgetExhaustedError, jobKind, type JobKind, type JobState, type JobTransaction, type StepResult } from "./job-kinds";
import "./registered-kinds";

/** This process's part of a runner's name in leases; each runJob call adds its own. */
const PROCESS_OWNER = `${process.pid}-${randomUUID()}`;

export type JobStatus = "queued" | "running" | "succeeded" | "failed";

/** A job in one of these has not ended: a runner may still step it. */
const UNDER_WAY: JobStatus[] = ["queued", "running"];

/** What a job is started with: its kind's cursor and total, and the rows it works for. */
export interface JobPlan {
  /** Names the job (a sync run's job shares its run's id). */
  id?: string;
  cursor: unknown;
  total?: number | null;
  /** The kind's own writes with the new job (its audit entry, its run row), in the same transaction. */
  writes?: (tx: JobTransaction, jobId: string) => Promise<void>;
}

/** Of a job of `kind` and `key` under way: what Job.activeKey holds (unique, null once it ends). */
function activeKeyOf(kind: string, key: string): string {
  return `${kind}:${key}`;
}

/** The id of the job of this kind and key that has not ended, if any. */
async function jobUnderWay(tx: Pick<JobTransaction, "job">, kind: string, key: string): Promise<string | null> {
  const job = await tx.job.findUnique({ where: { activeKey: activeKeyOf(kind, key) }, select: { id: true, status: true } });
  return job && UNDER_WAY.includes(job.status as JobStatus) ? job.id : null;
}

/** The job a start answers with: the one it queued (`started`) or the one under way. */
export interface StartedJob {
  jobId: string;
  started: boolean;
}

/** A unique violation of Job.activeKey (its message or meta names the column or its index), not of the job's id. */
function isActiveKeyTaken(error: unknown): boolean {
  const { code, message, meta } = error as { code?: string; message?: string; meta?: unknown };
  return code === "P2002" && `${message ?? ""} ${JSON.stringify(meta ?? {})}`.includes("activeKey");
}

/**
 * SQLite refused the transaction's write: another process committed since it began reading, or
 * held the write lock past the busy timeout (the driver's code, or Prisma's raw-query error naming it).
 */
function isWriteConflict(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return /^SQLITE_BUSY/.test(String(code ?? "")) || String(message ?? "").includes("SQLITE_BUSY");
}

/**
 * How long a start waits for its transaction: starts at once (many clicks, instances, schedulers)
 * queue for the connections and for the first one's commit, and each is answered in turn.
 */
const START_WAIT_MS = 15_000;

/** Rolls back the writes of a plan that decided to start nothing. */
class NothingToStart extends Error {}

/** A job with the key was committed after startJob looked: the next turn answers with it. */
class KeyTaken extends Error {}

/** Tries before startJob gives up on a key whose jobs keep ending as fast as they are started. */
const START_ATTEMPTS = 5;

/**
 * Starts a job of `kind` for `key` (a kind that runs one job at a time passes its kind's name),
 * or answers the one under way: the job's row and `plan`'s writes commit together, and the unique
 * Job.activeKey lets only one of several callers at once (two instances, a click and the cron, a
 * retried request) insert it; the others are given that job. `plan` runs in the transaction, with
 * its reads and writes through `tx` alone (a store read would want a connection of its own while
 * the transaction holds one), and returns null to start nothing (its writes are then rolled back).
 */
export async function startJob(kind: string, key: string, plan: (tx: JobTransaction) => Promise<JobPlan>): Promise<StartedJob>;
export async function startJob(
  kind: string,
  key: string,
  plan: (tx: JobTransaction) => Promise<JobPlan | null>,
): Promise<StartedJob | null>;
export async function startJob(
  kind: string,
  key: string,
  plan: (tx: JobTransaction) => Promise<JobPlan | null>,
): Promise<StartedJob | null> {
  for (let attempt = 1; ; attempt++) {
    const running = await jobUnderWay(db, kind, key);
    if (running) return { jobId: running, started: false };
    try {
      return await db.$transaction(
        async (tx) => {
          // One statement that writes comes first, so that the transaction holds SQLite's write
          // lock before it reads (one that read first cannot write after another process did;
          // Prisma's updateMany reads before it writes); it finds no row unless a job with the key
          // was committed since the check above.
          const activeKey = activeKeyOf(kind, key);
          const taken = await tx.$executeRaw`UPDATE "Job" SET "activeKey" = ${activeKey} WHERE "activeKey" = ${activeKey}`;
          if (taken > 0) throw new KeyTaken();
          const job = await plan(tx);
          if (!job) throw new NothingToStart();
          const jobId = await enqueueJob(tx, kind, key, job);
          await job.writes?.(tx, jobId);
          return { jobId, started: true };
        },
        { maxWait: START_WAIT_MS },
      );
    } catch (error) {
      if (error instanceof NothingToStart) return null;
      // Another caller's job took the key first, or (SQLite) another process wrote first: the next
      // turn reads what it committed.
      const tryAgain = error instanceof KeyTaken || isActiveKeyTaken(error) || isWriteConflict(error);
      if (!tryAgain || attempt === START_ATTEMPTS) throw error;
    }
  }
}

async function enqueueJob(tx: JobTransaction, kind: string, key: string, job: JobPlan): Promise<string> {
  const created = await tx.job.create({
    data: {
      ...(job.id ? { id: job.id } : {}),
      kind,
      activeKey: activeKeyOf(kind, key),
      cursor: JSON.stringify(job.cursor),
      total: job.total ?? null,
    },
    select: { id: true },
  });
  return created.id;
}

/**
 * Takes the job's lease, by one conditional UPDATE, so that of several instances trying at once
 * exactly one gets it: only a queued or running job whose lease is free, expired or already ours.
 */
async function claimJob(jobId: string, owner: string, now: Date): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: {
      id: jobId,
      status: { in: UNDER_WAY },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: owner }],
    },
    data: { status: "running", leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs()), heartbeatAt: now },
  });
  return count === 1;
}

class LeaseLostError extends Error {}

export interface RunJobOptions {
  /** How long this call may step the job (ms). */
  budgetMs: number;
  owner?: string;
  /** Aborted: no further step starts (a server shutting down). */
  signal?: AbortSignal;
}

export interface RunJobOutcome {
  jobId: string;
  /** False when another runner holds the lease or the job is over. */
  claimed: boolean;
  status: JobStatus;
}

/**
 * Steps one job while its budget lasts: takes the lease, calls the kind's step until the job is
 * over or the time is up, committing each step's cursor with its writes while renewing the lease,
 * and lets the lease go when it stops so that the next call need not wait for it to expire.
 */
export async function runJob(jobId: string, options: RunJobOptions): Promise<RunJobOutcome> {
  // Each call is its own runner, so that two calls of one process never step a job at once.
  const owner = options.owner ?? `${PROCESS_OWNER}-${randomUUID()}`;
  const deadline = Date.now() + options.budgetMs;
  if (!(await claimJob(jobId, owner, new Date()))) return { jobId, claimed: false, status: await jobStatus(jobId) };
  const row = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  const kind = jobKind(row.kind);
  let job: JobState = { id: row.id, kind: row.kind, cursor: JSON.parse(row.cursor), done: row.done, total: row.total };
  if (!kind) {
    await finishJob(owner, job, { status: "failed", error: `Unknown job kind ${row.kind}` });
    return { jobId, claimed: true, status: "failed" };
  }
  try {
    while (Date.now() < deadline && !options.signal?.aborted) {
      const result = await kind.step(job, { deadline });
      await commitStep(owner, job, result);
      job = { ...job, cursor: result.cursor, done: result.done, total: result.total === undefined ? job.total : result.total };
      if (result.finished) return { jobId, claimed: true, status: result.finished.status };
    }
  } catch (error) {
    if (error instanceof LeaseLostError) return { jobId, claimed: true, status: await jobStatus(jobId) };
    if (!(error instanceof BudgetExhaustedError)) {
      console.error(`Job ${jobId} (${row.kind}) failed:`, error);
      await failJob(owner, job, kind, "The job stopped on an unexpected error; see the server log");
      return { jobId, claimed: true, status: "failed" };
    }
  }
  await db.job.updateMany({ where: { id: jobId, leaseOwner: owner, status: "running" }, data: { leaseUntil: null, leaseOwner: null } });
  return { jobId, claimed: true, status: "running" };
}

async function commitStep(owner: string, job: JobState, result: StepResult): Promise<void> {
  const now = new Date();
  await db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({
      where: { id: job.id, leaseOwner: owner },
      data: {
        cursor: JSON.stringify(result.cursor),
        done: result.done,
        ...(result.total !== undefined ? { total: result.total } : {}),
        heartbeatAt: now,
        leaseUntil: result.finished ? null : new Date(now.getTime() + leaseMs()),
        ...(result.finished
          ? { status: result.finished.status, error: result.finished.error ?? null, finishedAt: now, leaseOwner: null, activeKey: null }
          : {}),
      },
    });
    // Another runner took the job over (this one outlived its lease): its work stands, not ours.
    if (count !== 1) throw new LeaseLostError();
    await result.writes?.(tx);
  });
}

async function finishJob(owner: string, job: JobState, finished: { status: "failed"; error: string }): Promise<void> {
  await commitStep(owner, job, { cursor: job.cursor, done: job.done, finished });
}

async function failJob(owner: string, job: JobState, kind: JobKind<unknown>, message: string): Promise<void> {
  await commitStep(owner, job, {
    cursor: job.cursor,
    done: job.done,
    finished: { status: "failed", error: message },
    writes: kind.onFailure ? (tx) => kind.onFailure!(tx, job, message) : undefined,
  }).catch((error) => {
    if (!(error instanceof LeaseLostError)) throw error;
  });
}

async function jobStatus(jobId: string): Promise<JobStatus> {
  const row = await db.job.findUnique({ where: { id: jobId }, select: { status: true } });
  return (row?.status ?? "failed") as JobStatus;
}

/**
 * Steps every unfinished job whose lease is free, oldest first, until the budget is spent: what the
 * cron endpoint and `npm run sync` call. Returns the jobs it stepped.
 */
export async function runDueJobs(options: {
  budgetMs: number;
  kinds?: string[];
  ids?: string[];
  signal?: AbortSignal;
}): Promise<RunJobOutcome[]> {
  const deadline = Date.now() + options.budgetMs;
  const now = new Date();
  const due = await db.job.findMany({
    where: {
      status: { in: UNDER_WAY },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
      ...(options.kinds ? { kind: { in: options.kinds } } : {}),
      ...(options.ids ? { id: { in: options.ids } } : {}),
    },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  const outcomes: RunJobOutcome[] = [];
  for (const { id } of due) {
    const budgetMs = deadline - Date.now();
    if (budgetMs <= 0 || options.signal?.aborted) break;
    const outcome = await runJob(id, { budgetMs, signal: options.signal });
    if (outcome.claimed) outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Steps a job after the response has gone (Next.js `after`), until it finishes: on a server the
 * progress bar moves without any scheduler; on a serverless host the function's time limit may
 * stop it first, and the cron endpoint goes on from the persisted cursor. Outside a request (tests,
 * scripts) nothing is scheduled: those drive jobs themselves.
 */
export function continueJobAfterResponse(jobId: string): void {
  const task = async () => {
    for (;;) {
      const outcome = await runJob(jobId, { budgetMs: runBudgetMs() });
      if (!outcome.claimed || outcome.status !== "running") return;
    }
  };
  try {
    after(() => task().catch((error) => console.error(`Job ${jobId} stopped:`, error)));
  } catch {
    // Not within a request: the caller drives the job.
  }
}
