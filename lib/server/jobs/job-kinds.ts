import "server-only";
import type { DatabaseTransaction } from "../db";

/** The transaction a step's writes join: the job's new cursor and the kind's own rows commit together. */
export type JobTransaction = DatabaseTransaction;

/** A job as its kind's step sees it: the cursor parsed from its JSON. */
export interface JobState<Cursor = unknown> {
  id: string;
  kind: string;
  cursor: Cursor;
  done: number;
  total: number | null;
}

/** The wall-clock instant (epoch ms) by which a step must have returned. */
export interface StepBudget {
  deadline: number;
}

export interface StepResult<Cursor = unknown> {
  cursor: Cursor;
  done: number;
  total?: number | null;
  /** Set when the job is over; otherwise the runner calls the step again while the budget lasts. */
  finished?: { status: "succeeded" | "failed"; error?: string };
  /** The kind's own writes, committed with the job's new cursor (or not at all, if the lease was lost). */
  writes?: (tx: JobTransaction) => Promise<void>;
}

export interface JobKind<Cursor = unknown> {
  /**
   * Advances the job by one bounded piece of work and says where the next piece starts. Work done
   * before the returned writes commit must be idempotent: after a crash the same piece runs again.
   */
  step(job: JobState<Cursor>, budget: StepBudget): Promise<StepResult<Cursor>>;
  /** Writes of the kind when its job fails outside a step's own result (an unexpected error). */
  onFailure?(tx: JobTransaction, job: JobState<Cursor>, message: string): Promise<void>;
}

/**
 * Thrown by a step that cannot finish its piece of work before the deadline (a wait for the
 * platform would pass it): the job keeps its cursor and the next call goes on from there.
 */
export class BudgetExhaustedError extends Error {
  constructor() {
    super("The step's time budget ran out");
    this.name = "BudgetExhaustedError";
  }
}

const kinds = new Map<string, JobKind<never>>();

/** Registers a kind once, at module load of the module that defines it (see registered-kinds.ts). */
export function registerJobKind<Cursor>(name: string, kind: JobKind<Cursor>): void {
  kinds.set(name, kind as JobKind<never>);
}

export function jobKind(name: string): JobKind<unknown> | undefined {
  return kinds.get(name) as JobKind<unknown> | undefined;
}
