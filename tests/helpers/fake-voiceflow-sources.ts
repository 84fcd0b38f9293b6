// What the sources' API tests share: the environment a sync needs (an encryption key, the cron
// secret, loopback allowed for the fake platform, short timeouts), and driving a run to its end.
import { randomBytes } from "node:crypto";
import { runJob } from "@/lib/server/jobs/run-jobs";

export const TEST_CRON_SECRET = "cron-secret-for-the-tests-0123456789";

export function useSourcesEnvironment(): void {
  process.env.SOURCES_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "1";
  process.env.CRON_SECRET = TEST_CRON_SECRET;
  process.env.SOURCES_REQUEST_TIMEOUT_SECONDS = "1";
  process.env.SOURCES_FETCH_CONCURRENCY = "8";
}

/** Steps a run until it is over (each call with the given budget, at most `maxCalls` calls); resolves to the number of calls. */
export async function syncToEnd(runId: string, budgetMs = 30_000, maxCalls = 200): Promise<number> {
  for (let calls = 1; calls <= maxCalls; calls++) {
    const outcome = await runJob(runId, { budgetMs });
    if (outcome.status !== "running") return calls;
  }
  throw new Error(`run ${runId} did not finish in ${maxCalls} calls`);
}
