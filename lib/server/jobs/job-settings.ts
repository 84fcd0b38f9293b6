import "server-only";

const DEFAULT_RUN_BUDGET_SECONDS = 25;

/**
 * How long one call may step jobs (SYNC_RUN_BUDGET_SECONDS, default 25): the cron endpoint must
 * answer before a serverless host's function time limit, so set it a few seconds below that limit.
 */
export function runBudgetMs(): number {
  const seconds = Number(process.env.SYNC_RUN_BUDGET_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RUN_BUDGET_SECONDS) * 1000;
}
