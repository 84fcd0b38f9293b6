// `npm run bench:export -- [--database sqlite|postgres]... [--transcripts N] [--skip-build]`
// The export with conversations (GET /api/transcripts/export) of a whole benchmark database as JSON
// Lines through the production server: transcripts per second, and the server's peak memory (RSS of
// its process tree) beside its memory once started. With --transcripts N it first seeds N
// transcripts over 90 days into a database of its own; without it, it reads the database
// `npm run bench` leaves (data/bench/bench.db, PostgreSQL bench_portal). Prints one row per database
// for docs/benchmarks.md. Run it with the machine to itself.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { readCommandLine, usageError } from "./lib/command-line";
import { watchPeakRss, treeRssBytes } from "./lib/bench-memory";
import {
  BENCH_DIR,
  DIST_DIR,
  freshDatabase,
  logger,
  POSTGRES_DATABASE,
  postgresUrl,
  provisionUser,
  signIn,
  SQLITE_FILE,
  tsx,
  withDatabase,
  type DatabaseKind,
} from "./lib/bench-setup";
import { buildProduction, startNextServer } from "./lib/next-server";
import { formatCount } from "./lib/progress";

const USAGE = "usage: npm run bench:export -- [--database sqlite|postgres]... [--transcripts N] [--skip-build]";
const USER_EMAIL = "bench-export@example.com";
const USER_PASSWORD = "bench export password";
/** The targets: at least this many transcripts a second, at most this much memory beside the running server. */
const TARGET_RATE = 5_000;
const TARGET_EXTRA_MB = 300;
const MB = 1024 * 1024;

const log = logger("bench:export");

interface ExportRow {
  database: DatabaseKind;
  transcripts: number;
  seconds: number;
  idleMb: number;
  peakMb: number;
}

/** The database to export: the one `npm run bench` left, or a fresh one seeded with `count` transcripts. */
async function databaseUrl(database: DatabaseKind, count: number | null): Promise<string> {
  if (count === null) return database === "sqlite" ? `file:${SQLITE_FILE}` : postgresUrl(POSTGRES_DATABASE);
  const url = await freshDatabase(database, database === "sqlite" ? path.join(BENCH_DIR, "export.db") : "bench_export");
  log(`${database}: generating ${formatCount(count)} transcripts over 90 days`);
  const seed = tsx("scripts/seed.ts", ["--transcripts", String(count), "--days", "90", "--seed", "bench"], { DATABASE_URL: url });
  if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
  return url;
}

/** The stored transcripts' first and last creation instants. */
async function storedRange(url: string): Promise<{ start: string; end: string }> {
  const [row] = await withDatabase(url, (query) =>
    query<{ first: unknown; last: unknown }>(`SELECT min("createdAt") AS "first", max("createdAt") AS "last" FROM "Transcript"`),
  );
  if (!row?.first) throw new Error("The database holds no transcripts: seed it first (--transcripts N).");
  const iso = (value: unknown) => new Date(typeof value === "number" || value instanceof Date ? value : String(value)).toISOString();
  return { start: iso(row.first), end: iso(row.last) };
}

async function benchDatabase(database: DatabaseKind, count: number | null): Promise<ExportRow> {
  const url = await databaseUrl(database, count);
  provisionUser(url, USER_EMAIL, USER_PASSWORD);
  const range = await storedRange(url);
  log(`${database}: starting the production server`);
  const server = await startNextServer({ distDir: DIST_DIR, databaseUrl: url, workDir: BENCH_DIR, env: { DEMO_MODE: "" } });
  try {
    const token = await signIn(server.baseUrl, USER_EMAIL, USER_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    // The route's code loads on its first call: a warm-up export of one instant goes before the measured one.
    const warmUp = new URLSearchParams({ format: "jsonl", startTime: range.end, endTime: range.end });
    await (await fetch(`${server.baseUrl}/api/transcripts/export?${warmUp}`, { headers })).text();
    const idle = treeRssBytes(server.pid);
    const memory = watchPeakRss(server.pid, 100);
    const began = performance.now();
    const query = new URLSearchParams({ format: "jsonl", startTime: range.start, endTime: range.end });
    const res = await fetch(`${server.baseUrl}/api/transcripts/export?${query}`, { headers });
    if (!res.ok || !res.body) throw new Error(`The export failed: ${res.status} ${await res.text()}`);
    let transcripts = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      for (const byte of chunk) if (byte === 10) transcripts += 1;
    }
    const seconds = (performance.now() - began) / 1000;
    const peak = memory.stop();
    log(`${database}: exported ${formatCount(transcripts)} transcripts in ${seconds.toFixed(1)} s`);
    return { database, transcripts, seconds, idleMb: idle / MB, peakMb: peak / MB };
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
}

const verdict = (met: boolean) => (met ? "met" : "**missed**");

/** The rows for docs/benchmarks.md. */
function reportLines(rows: ExportRow[]): string[] {
  return [
    "| export with conversations (JSON Lines) | transcripts | rate | server memory at start | peak | peak beside the server |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map((row) => {
      const rate = row.transcripts / row.seconds;
      const extra = row.peakMb - row.idleMb;
      return (
        `| ${row.database === "sqlite" ? "SQLite" : "PostgreSQL"} | ${formatCount(row.transcripts)} | ${formatCount(Math.round(rate))}/s ${verdict(rate >= TARGET_RATE)} ` +
        `| ${row.idleMb.toFixed(0)} MB | ${row.peakMb.toFixed(0)} MB | ${extra.toFixed(0)} MB ${verdict(extra < TARGET_EXTRA_MB)} |`
      );
    }),
  ];
}

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      options: {
        database: { type: "string", multiple: true },
        transcripts: { type: "string" },
        "skip-build": { type: "boolean" },
      },
    },
    USAGE,
  );
  const databases = (values.database ?? ["sqlite", "postgres"]) as DatabaseKind[];
  if (databases.some((one) => one !== "sqlite" && one !== "postgres")) usageError("--database is sqlite or postgres", USAGE);
  const count = values.transcripts === undefined ? null : Number(values.transcripts);
  if (count !== null && !(Number.isInteger(count) && count > 0)) usageError("--transcripts is a whole number above 0", USAGE);
  mkdirSync(BENCH_DIR, { recursive: true });
  if (!values["skip-build"]) {
    log(`building the production server into ${DIST_DIR}`);
    buildProduction(DIST_DIR);
  }
  const rows: ExportRow[] = [];
  for (const database of databases) rows.push(await benchDatabase(database, count));
  console.log(reportLines(rows).join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
