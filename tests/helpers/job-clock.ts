// A job runner's budget (runJob and runDueJobs, lib/server/jobs/run-jobs.ts) is measured by
// Date.now(). A test of "a call with a small budget does part of the work" cannot leave that to
// the wall clock: on a busy machine a budget of a few milliseconds may be gone before the first
// step, on a fast one the whole job may fit in it. Here the clock is jest's fake Date, which stands
// still except where a test moves it: every step of the job's kind moves it on by `stepMs` as it
// starts, as if that much time went by at once, and then runs for real.
import { jobKind } from "@/lib/server/jobs/job-kinds";
import "@/lib/server/jobs/run-jobs";
import { fakeOnly } from "./fake-only";

/**
 * Runs `work` with the clock stopped except that each step of a job of `kind` moves it `stepMs` on
 * as it starts: a call whose budget is `stepMs` or less takes exactly one step, and a step that
 * takes pieces of work while its budget lasts takes only the first, whatever the machine's load.
 * Only Date is faked: timers, the event loop and I/O run as ever.
 */
export async function withStepsTaking<T>(kind: string, stepMs: number, work: () => Promise<T>): Promise<T> {
  const steps = jobKind(kind);
  if (!steps) throw new Error(`No job kind named ${kind}`);
  const step = steps.step.bind(steps);
  const spy = jest.spyOn(steps, "step").mockImplementation((job, budget) => {
    jest.setSystemTime(Date.now() + stepMs);
    return step(job, budget);
  });
  fakeOnly("Date");
  try {
    return await work();
  } finally {
    jest.useRealTimers();
    spy.mockRestore();
  }
}
