// POST /api/cron/sync — the scheduler, with `Authorization: Bearer <CRON_SECRET>`: starts the runs of the
// sources that are due and the daily retention pass when it is due, and steps every unfinished job
// until the run budget is spent -> {runs: [the sync runs stepped]}.
import { route } from "@/lib/server/http/route";
import { runScheduledSyncs } from "@/lib/server/sources/start-sync";

export const POST = route({ access: "cron" }, async () => ({ runs: await runScheduledSyncs() }));
