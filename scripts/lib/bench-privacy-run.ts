// The measurements of `npm run bench:privacy` on the seeded database DATABASE_URL, in this process
// as the server would run them (scripts/bench-privacy.ts starts it, bundled as the server's build
// bundles its code, once per database and reads the last line it prints, RESULT {json}):
//   previews of erasures by `contains` (an e-mail address and a phone number the seed holds, and
//   a number it does not), through the erasure service with the requests' read budget;
//   the redaction job (kind "privacy-redaction", as POST /api/admin/privacy/apply starts it), stepped
//   to its end with runJob as the cron endpoint would, in transcripts per second;
//   deleteTranscripts over `--erase` ids spread evenly over the key order, in seconds.
import { randomBytes } from "node:crypto";
import { readCommandLine, wholeNumber } from "./command-line";

const USAGE = "usage: DATABASE_URL=... tsx scripts/lib/bench-privacy-run.ts --erase N";
const ADMIN_EMAIL = "bench-privacy-admin@example.com";

/** What the bench's previews look for: in the seed's messages, in its answers, and nowhere. */
const PREVIEWS = [
  { name: "e-mail address", contains: "alex12@example.com" },
  { name: "phone number the seed's answers give", contains: "+1 (800) 555-0199" },
  { name: "phone number held nowhere", contains: "+49 151 23456789" },
];

export interface PreviewResult {
  name: string;
  seconds: number;
  count: number;
}

export interface PrivacyRunResult {
  transcripts: number;
  previews: PreviewResult[];
  /** `cpuSeconds`: this process's CPU time over the job (all its threads), steadier than `seconds` on a shared machine. */
  redaction: { seconds: number; cpuSeconds: number; done: number; redacted: number; status: string };
  erase: { seconds: number; deleted: number; left: number; rollupsExact: boolean };
}

const seconds = (began: number) => (performance.now() - began) / 1000;

async function main(): Promise<void> {
  const { values } = readCommandLine({ options: { erase: { type: "string" } } }, USAGE);
  const eraseCount = wholeNumber("erase", values.erase, 100_000, { min: 1, max: 10_000_000 }, USAGE);
  const { db } = await import("@/lib/server/db");
  const { closeStore, deleteTranscripts, countInRange } = await import("@/lib/server/store");
  const { sql, storeRead } = await import("@/lib/server/store/for-scripts");
  const { provisionUser } = await import("@/lib/server/users/provision-user");
  const { previewErasure } = await import("@/lib/server/privacy/erase-transcripts");
  const { startRedaction } = await import("@/lib/server/privacy/apply-redaction");
  const { runJob } = await import("@/lib/server/jobs/run-jobs");

  const { id } = await provisionUser({ email: ADMIN_EMAIL, password: randomBytes(18).toString("base64url"), isAdmin: true });
  const admin = { id, email: ADMIN_EMAIL, name: null, isAdmin: true };
  const transcripts = await db.transcript.count();

  const previews: PreviewResult[] = [];
  for (const { name, contains } of PREVIEWS) {
    const began = performance.now();
    const { count } = await previewErasure({ contains });
    previews.push({ name: `${name} (${contains})`, seconds: seconds(began), count });
    console.log(`preview of ${contains}: ${count} in ${seconds(began).toFixed(1)} s`);
  }

  const { jobId } = await startRedaction(admin);
  const redactionBegan = performance.now();
  const redactionCpu = process.cpuUsage();
  for (;;) {
    const outcome = await runJob(jobId, { budgetMs: 25_000 });
    if (outcome.status !== "running") break;
  }
  const redactionSeconds = seconds(redactionBegan);
  const redactionCpuUsed = process.cpuUsage(redactionCpu);
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  const redaction = {
    seconds: redactionSeconds,
    cpuSeconds: (redactionCpuUsed.user + redactionCpuUsed.system) / 1e6,
    done: job.done,
    redacted: (JSON.parse(job.cursor) as { redacted: number }).redacted,
    status: job.status,
  };
  console.log(`redaction: ${job.done} transcripts in ${redactionSeconds.toFixed(1)} s, ${redaction.redacted} redacted, ${job.status}`);

  // Spread evenly over the key order: every day and slot loses some, as an erasure by content does.
  const keys = await storeRead<{ id: string }>(sql`SELECT "id" FROM "Transcript" ORDER BY "sortKey"`);
  const step = keys.length / Math.min(eraseCount, keys.length);
  const ids = Array.from({ length: Math.min(eraseCount, keys.length) }, (_, index) => keys[Math.floor(index * step)].id);
  const eraseBegan = performance.now();
  const deleted = await deleteTranscripts(ids);
  const eraseSeconds = seconds(eraseBegan);
  const left = await db.transcript.count();
  const rollupsExact = (await countInRange(0, 8_000_000_000_000)) === left;
  console.log(`erase: ${deleted} transcripts in ${eraseSeconds.toFixed(1)} s, ${left} left`);

  const result: PrivacyRunResult = { transcripts, previews, redaction, erase: { seconds: eraseSeconds, deleted, left, rollupsExact } };
  console.log(`RESULT ${JSON.stringify(result)}`);
  await closeStore();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
