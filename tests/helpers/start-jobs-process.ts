// A separate Node process that starts jobs against DATABASE_URL, for the tests of "one job per kind
// under way" across processes: it waits until the instant given (so that two such processes start
// at once), starts each job `--times` times at once, steps none of them, and prints what each start
// answered as one line of JSON.
//   tsx --conditions=react-server tests/helpers/start-jobs-process.ts <at epoch ms> <admin id> <source id> <times>
import { db, disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { startSignalRecompute } from "@/lib/server/insights/recompute-signals";
import { startRedaction } from "@/lib/server/privacy/apply-redaction";
import { startRetention } from "@/lib/server/privacy/retention";
import { startSourceSync } from "@/lib/server/sources/start-sync";

async function main(): Promise<void> {
  const [at, adminId, sourceId, times] = process.argv.slice(2);
  const admin = await db.user.findUniqueOrThrow({ where: { id: adminId } });
  const actor = { id: admin.id, email: admin.email, name: admin.name, isAdmin: admin.isAdmin };
  // Connections are opened before the wait, so that the starts themselves race.
  await db.job.count();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(at) - Date.now())));
  const each = <T>(start: () => Promise<T>) => Promise.all(Array.from({ length: Number(times) }, start));
  const [recompute, redaction, retention, sync] = await Promise.all([
    each(() => startSignalRecompute(actor)),
    each(() => startRedaction(actor)),
    each(() => startRetention()),
    each(async () => {
      const { runId, started } = await startSourceSync({ sourceId, trigger: "manual" });
      return { jobId: runId, started };
    }),
  ]);
  console.log(JSON.stringify({ recompute, redaction, retention, sync }));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => Promise.all([disconnectDb(), closeStore()]));
