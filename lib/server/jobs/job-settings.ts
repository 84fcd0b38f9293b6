import "server-only";

const DEFAULT_RUN_BUDGET_SECONDS = 25;
const DEFAULT_ERASURE_REQUEST_BUDGET_SECONDS = 5;
const DEFAULT_LEASE_SECONDS = 60;

/** A budget in seconds from the environment variable `name`, as milliseconds; `fallback` when unset or out of range. */
function budgetSettingMs(name: string, fallback: number, least: { seconds: number; inclusive: boolean }): number {
  const setting = process.env[name]?.trim();
  const seconds = setting ? Number(setting) : NaN;
  const inRange = Number.isFinite(seconds) && (least.inclusive ? seconds >= least.seconds : seconds > least.seconds);
  return (inRange ? seconds : fallback) * 1000;
}

/**
 * How long one call may step jobs (SYNC_RUN_BUDGET_SECONDS, default 25): the cron endpoint must
 * answer before a serverless host's function time limit, so set it a few seconds below that limit.
 */
export function runBudgetMs(): number {
  return budgetSettingMs("SYNC_RUN_BUDGET_SECONDS", DEFAULT_RUN_BUDGET_SECONDS, { seconds: 0, inclusive: false });
}

/**
 * How long an erasure request deletes before it answers (ERASURE_REQUEST_BUDGET_SECONDS, default
 * 5; 0 sends every erasure to the background); a larger erasure goes on in the background.
 */
export function erasureRequestBudgetMs(): number {
  return budgetSettingMs("ERASURE_REQUEST_BUDGET_SECONDS", DEFAULT_ERASURE_REQUEST_BUDGET_SECONDS, { seconds: 0, inclusive: true });
}

/**
 * How long a job's lease holds without a heartbeat (JOB_LEASE_SECONDS, default 60): a runner renews
 * it after every step, so it must be longer than the longest step (a redaction step, about 10 s);
 * after a crash another instance takes the job over once it has run out.
 */
export function leaseMs(): number {
  return budgetSettingMs("JOB_LEASE_SECONDS", DEFAULT_LEASE_SECONDS, { seconds: 0, inclusive: false });
}
