// `npm run bench:privacy [-- --transcripts N] [--erase E] [--databases sqlite,postgres]`
// The privacy benchmark: on each database (an SQLite file and a PostgreSQL database of
// its own, both made afresh and dropped at the end), seeds N transcripts (default 200,000) over 90
// days with scripts/seed.ts, then measures in one process (scripts/lib/bench-privacy-run.ts):
// previews of erasures by an address or number the transcripts may hold, the redaction job over
// every transcript, and the deletion of E transcripts (default 100,000) with deleteTranscripts.
// Prints a markdown table with the method. A script, not a test: it takes minutes and needs the
// machine to itself.
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BENCH_DIR,
  bundled,
  databaseVersion,
  dropDatabase,
  freshDatabase,
  logger,
  machineLines,
  tsx,
  withDatabase,
} from "./lib/bench-setup";
import { readCommandLine, usageError, wholeNumber } from "./lib/command-line";
import { formatCount } from "./lib/progress";
import type { PrivacyRunResult } from "./lib/bench-privacy-run";

const USAGE = "usage: npm run bench:privacy [-- --transcripts N] [--erase E] [--databases sqlite,postgres]";
const SQLITE_FILE = path.join(BENCH_DIR, "privacy.db");
const POSTGRES_DATABASE = "bench_privacy";
/** The database this benchmark makes afresh on each kind: a file or a database of its own. */
const databaseName = (database: DatabaseKind) => (database === "sqlite" ? SQLITE_FILE : POSTGRES_DATABASE);
/** The privacy targets on each database: the redaction job at 10,000 transcripts/s or more, erasing 100,000 within 30 s. */
const REDACTION_TARGET_PER_SECOND = 10_000;
const ERASE_TARGET_SECONDS = 30;

type DatabaseKind = "sqlite" | "postgres";

const log = logger("bench:privacy");

function readOptions() {
  const { values } = readCommandLine(
    {
      options: {
        transcripts: { type: "string" },
        erase: { type: "string" },
        databases: { type: "string", default: "sqlite,postgres" },
      },
    },
    USAGE,
  );
  const transcripts = wholeNumber("transcripts", values.transcripts, 200_000, { min: 1_000, max: 20_000_000 }, USAGE);
  const erase = wholeNumber("erase", values.erase, Math.min(100_000, transcripts), { min: 1, max: transcripts }, USAGE);
  const databases = values.databases.split(",").map((name) => name.trim());
  if (databases.some((name) => name !== "sqlite" && name !== "postgres")) usageError("--databases takes sqlite and/or postgres", USAGE);
  return { transcripts, erase, databases: databases as DatabaseKind[] };
}

interface DatabaseReport {
  database: DatabaseKind;
  version: string;
  seedSeconds: number;
  result: PrivacyRunResult;
}

async function benchDatabase(database: DatabaseKind, options: ReturnType<typeof readOptions>): Promise<DatabaseReport> {
  log(`${database}: fresh database, seeding ${formatCount(options.transcripts)} transcripts over 90 days`);
  const url = await freshDatabase(database, databaseName(database));
  try {
    const seed = tsx(
      "scripts/seed.ts",
      ["--transcripts", String(options.transcripts), "--days", "90", "--seed", "bench-privacy", "--end", new Date().toISOString()],
      { DATABASE_URL: url },
    );
    if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
    log(`${database}: ${seed.output.trim()}`);
    const version = await withDatabase(url, (query) => databaseVersion(query, database));
    log(`${database}: previews, the redaction job, erasing ${formatCount(options.erase)} transcripts`);
    const run = await bundled("scripts/lib/bench-privacy-run.ts", ["--erase", String(options.erase)], { DATABASE_URL: url });
    const resultLine = run.output.split("\n").find((line) => line.startsWith("RESULT "));
    if (run.code !== 0 || !resultLine) throw new Error(`measurement failed:\n${run.output}`);
    for (const line of run.output.split("\n").filter((line) => line && !line.startsWith("RESULT "))) log(`${database}: ${line}`);
    return { database, version, seedSeconds: seed.seconds, result: JSON.parse(resultLine.slice("RESULT ".length)) as PrivacyRunResult };
  } finally {
    await dropDatabase(database, databaseName(database));
  }
}

const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
const secondsText = (value: number) => `${value.toFixed(1)} s`;

function report(options: ReturnType<typeof readOptions>, reports: DatabaseReport[], machine: string[]): string {
  const titles = reports.map((r) => (r.database === "sqlite" ? "SQLite" : "PostgreSQL"));
  const lines = [
    `## Privacy: redaction and erasure at ${formatCount(options.transcripts)} transcripts (\`npm run bench:privacy\`)`,
    "",
    ...machine,
    "",
    row(["", ...titles]),
    row(["---", ...titles.map(() => "---:")]),
    row([
      `redaction job over every transcript (kind privacy-redaction, runJob to its end), target >= ${formatCount(REDACTION_TARGET_PER_SECOND)}/s`,
      ...reports.map((r) => {
        const { seconds, cpuSeconds, done, redacted, status } = r.result.redaction;
        const verdict = done / seconds >= REDACTION_TARGET_PER_SECOND ? "met" : "MISSED";
        return `${formatCount(done / seconds)} transcripts/s (${verdict}: ${formatCount(done)} in ${secondsText(seconds)}, ${secondsText(cpuSeconds)} CPU, ${formatCount(redacted)} rewritten${status === "succeeded" ? "" : `, ${status}`})`;
      }),
    ]),
    row([
      `erasing ${formatCount(options.erase)} transcripts (deleteTranscripts), target < ${ERASE_TARGET_SECONDS} s`,
      ...reports.map((r) => {
        const { seconds, deleted, rollupsExact } = r.result.erase;
        const verdict = options.erase === 100_000 ? (seconds < ERASE_TARGET_SECONDS ? ", met" : ", MISSED") : "";
        return `${secondsText(seconds)} (${formatCount(deleted / seconds)}/s${verdict}${rollupsExact ? "" : ", rollups off"})`;
      }),
    ]),
    ...(reports[0]?.result.previews ?? []).map((preview, index) =>
      row([
        `erasure preview by \`contains\`: ${preview.name}`,
        ...reports.map((r) => {
          const measured = r.result.previews[index];
          return `${secondsText(measured.seconds)} (${formatCount(measured.count)} found)`;
        }),
      ]),
    ),
    row(["seed (scripts/seed.ts, with start-up and ANALYZE)", ...reports.map((r) => secondsText(r.seedSeconds))]),
    "",
    "Method: each database is made afresh, seeded by `npm run seed` (90 days, seed `bench-privacy`) and measured in",
    "one process by `scripts/lib/bench-privacy-run.ts`, bundled as the server's build bundles its code, in this",
    "order: the three previews (the erasure service, as",
    "POST /api/admin/transcripts/erase/preview runs it, with the requests' read budget); the redaction job started",
    "as POST /api/admin/privacy/apply starts it, with the default settings (every built-in kind), stepped with",
    "runJob and a 25 s budget per call until it ends (CPU: the measuring process's, all its threads; PostgreSQL's",
    "own work is not in it); then deleteTranscripts over ids spread evenly over the key",
    "order of what is left (every day and slot loses some), with their rollups, search rows and everything",
    "stored with them. The database is dropped afterwards.",
    "",
  ];
  return lines.join("\n");
}

async function main(): Promise<void> {
  const options = readOptions();
  mkdirSync(BENCH_DIR, { recursive: true });
  const started = new Date();
  const load = { start: os.loadavg(), end: [] as number[] };
  const reports: DatabaseReport[] = [];
  for (const database of options.databases) reports.push(await benchDatabase(database, options));
  load.end = os.loadavg();
  const machine = machineLines(
    started,
    load,
    reports.map((r) => r.version),
  );
  console.log(`\n${report(options, reports, machine)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
