// GET or POST /api/cron/sync — the scheduler, with `Authorization: Bearer <CRON_SECRET>` (serverless
// hosts' cron calls with GET): records the call, starts the runs of the sources that are due and the
// daily retention pass when it is due, and steps every unfinished job until the run budget is spent
// -> {runs: [the sync runs stepped]}.
import { route } from "@/lib/server/http/route";
import { runScheduledSyncs } from "@/lib/server/sources/start-sync";

const runCron = route({ access: "cron" }, async () => ({ runs: (await runScheduledSyncs({ driver: "cron" })).runs }));

export { runCron as GET, runCron as POST };
