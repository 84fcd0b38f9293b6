// Runs one retention pass now, to its end, for cron on a server or by hand:
//   npm run retention      deletes the transcripts created before now less the privacy settings'
//                          retentionDays (with their ratings, notes, tags and search rows) and
//                          prints how many it deleted; does nothing while retention is off
// A pass under way (queued by the cron endpoint or `npm run sync`) is continued rather than doubled.
import { disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { runBudgetMs } from "@/lib/server/jobs/job-settings";
import { getRetentionPass, startRetention } from "@/lib/server/privacy/retention";
import { errorMessage, readCommandLine, runCommand } from "./lib/command-line";
import { formatCount } from "./lib/progress";

const USAGE = "Usage: npm run retention";

async function main(): Promise<number> {
  const { values } = readCommandLine({ options: { help: { type: "boolean", short: "h", default: false } } }, USAGE);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const queued = await startRetention();
  if (!queued) {
    console.log("Retention is off (no retention period in the privacy settings): nothing deleted.");
    return 0;
  }
  console.log(queued.started ? `Started retention pass ${queued.jobId}` : `Continuing retention pass ${queued.jobId}, already under way`);
  for (;;) {
    const outcome = await runJob(queued.jobId, { budgetMs: runBudgetMs() });
    if (!outcome.claimed) console.log("Another process is stepping this pass; leaving it to it.");
    if (!outcome.claimed || outcome.status !== "running") break;
  }
  const pass = await getRetentionPass(queued.jobId);
  const summary = `${formatCount(pass.deleted)} transcript(s) created before ${pass.cutoff}`;
  if (pass.status === "succeeded") console.log(`Deleted ${summary}.`);
  else console.log(`${pass.status}: deleted ${summary} so far${pass.error ? ` (${pass.error})` : ""}`);
  return pass.status === "failed" ? 1 : 0;
}

runCommand(main, { close: () => Promise.all([disconnectDb(), closeStore()]), describe: errorMessage });
