// Syncs the sources from the bot platform, for cron on a server:
//   npm run sync                      every due source (not paused, no run within SYNC_INTERVAL_MINUTES),
//                                     the daily retention pass when it is due, and any run or job cut
//                                     short before, each to its end
//   npm run sync -- --source <id>     that source now, whether due or not
// A run another process is stepping is left to it (the lease); the command ends when nothing is left.
import { disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { runDueJobs, runJob } from "@/lib/server/jobs/run-jobs";
import { runBudgetMs } from "@/lib/server/jobs/job-settings";
import { startDueSyncs, startSourceSync } from "@/lib/server/sources/start-sync";
import { startDueRetention } from "@/lib/server/privacy/retention";
import { recordSyncCall } from "@/lib/server/sources/sync-schedule";
import { listSyncRuns } from "@/lib/server/sources/manage-sources";
import { runCountsText } from "@/lib/format/sync-run";
import { errorMessage, readCommandLine, runCommand } from "./lib/command-line";

const USAGE = "Usage: npm run sync [-- --source <id>]";

async function main(): Promise<number> {
  const { values } = readCommandLine({ options: { source: { type: "string" }, help: { type: "boolean", default: false } } }, USAGE);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.source) {
    const { runId, started } = await startSourceSync({ sourceId: values.source, trigger: "manual" });
    console.log(started ? `Started run ${runId}` : `Continuing run ${runId}, already under way`);
    for (;;) {
      const outcome = await runJob(runId, { budgetMs: runBudgetMs() });
      if (!outcome.claimed) console.log("Another process is stepping this run; leaving it to it.");
      if (!outcome.claimed || outcome.status !== "running") break;
    }
    const [run] = await listSyncRuns(values.source);
    console.log(`${run.status}: ${runCountsText(run)}${run.error ? ` (${run.error})` : ""}`);
    return run.status === "failed" ? 1 : 0;
  }
  await recordSyncCall("command");
  const started = await startDueSyncs();
  console.log(`Started ${started.length} run(s) of due sources`);
  if (await startDueRetention()) console.log("Started the daily retention pass");
  let stepped = 0;
  for (;;) {
    const outcomes = await runDueJobs({ budgetMs: runBudgetMs() });
    stepped += outcomes.length;
    if (outcomes.every((outcome) => outcome.status !== "running")) break;
  }
  console.log(`Stepped ${stepped} job run(s); nothing left to do`);
  return 0;
}

runCommand(main, { close: () => Promise.all([disconnectDb(), closeStore()]), describe: errorMessage });
