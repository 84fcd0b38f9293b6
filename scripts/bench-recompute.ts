// `DATABASE_URL=... npm run bench:recompute [-- --email E]`
// The speed of the signal recompute on a stored database: starts the job as the
// administrator E (the first administrator when not named; the audit log records it like one
// started from the Insights page) and steps it to its end in this process, as the cron endpoint
// would, then prints transcripts per second. It rewrites every transcript's signals: run it on a
// benchmark database, with the machine to itself.
import { readCommandLine, usageError } from "./lib/command-line";
import { formatCount } from "./lib/progress";

const USAGE = "usage: DATABASE_URL=... npm run bench:recompute [-- --email E]";

async function main(): Promise<void> {
  const { values } = readCommandLine({ options: { email: { type: "string" } } }, USAGE);
  const { db } = await import("@/lib/server/db");
  const { runJob } = await import("@/lib/server/jobs/run-jobs");
  const { startSignalRecompute } = await import("@/lib/server/insights/recompute-signals");
  const admin = await db.user.findFirst({
    where: values.email ? { email: values.email, isAdmin: true } : { isAdmin: true },
    select: { id: true, email: true, name: true, isAdmin: true },
  });
  if (!admin) usageError("No such administrator: create one with npm run user:create -- --admin.", USAGE);
  const { jobId, started } = await startSignalRecompute(admin);
  if (!started) usageError(`A recompute is under way already (job ${jobId}).`, USAGE);
  const began = performance.now();
  for (;;) {
    const outcome = await runJob(jobId, { budgetMs: 25_000 });
    if (outcome.status !== "running") break;
  }
  const seconds = (performance.now() - began) / 1000;
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  console.log(
    `Recomputed the signals of ${formatCount(job.done)} transcripts in ${seconds.toFixed(1)} s ` +
      `(${formatCount(Math.round(job.done / seconds))}/s), job ${job.status}.`,
  );
  await db.$disconnect();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
