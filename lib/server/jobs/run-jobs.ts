import "server-only";
import { randomUUID } from "node:crypto";
import { after } from "next/server";
import { db } from "../db";
import { runBudgetMs } from "./job-settings";
import { BudgetExhaustedError, jobKind, type JobKind, type JobState, type JobTransaction, type StepResult } from "./job-kinds";
import "./registered-kinds";

/**
 * How long a lease holds without a heartbeat. A runner renews it after every step (steps are far
 * shorter), so a lease outlives its holder by at most this long after a crash.
 */
export const LEASE_MS = 60_000;

/** This process's name in leases. */
const PROCESS_OWNER = `${process.pid}-${randomUUID()}`;

export type JobStatus = "queued" | "running" | "succeeded" | "failed";

/** A job in one of these has not ended: a runner may still step it. */
const UNDER_WAY: JobStatus[] = ["queued", "running"];

/** The id of the job of this kind that has not ended, if any (kinds that run one at a time ask before queueing). */
export async function jobUnderWay(tx: Pick<JobTransaction, "job">, kind: string): Promise<string | null> {
  const job = await tx.job.findFirst({ where: { kind, status: { in: UNDER_WAY } }, select: { id: true } });
  return job?.id ?? null;
}

/** Stores a new job, queued; pass the transaction that creates the rows it works for. */
export async function enqueueJob(
  tx: JobTransaction,
  job: { id?: string; kind: string; cursor: unknown; total?: number | null },
): Promise<string> {
  const created = await tx.job.create({
    data: { ...(job.id ? { id: job.id } : {}), kind: job.kind, cursor: JSON.stringify(job.cursor), total: job.total ?? null },
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
    data: { status: "running", leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS), heartbeatAt: now },
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
  const owner = options.owner ?? PROCESS_OWNER;
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
        leaseUntil: result.finished ? null : new Date(now.getTime() + LEASE_MS),
        ...(result.finished
          ? { status: result.finished.status, error: result.finished.error ?? null, finishedAt: now, leaseOwner: null }
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
