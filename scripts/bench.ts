// `npm run bench [-- --transcripts N | --count N] [--import N] [--databases sqlite,postgres | --database D] [--seconds S] [--connections C] [--hostile-seconds H] [--skip-build] [--skip-seed] [--report-only]`
// The scale benchmark: builds the production server into .next-bench, generates N
// transcripts (default 1,000,000) over 90 days into a fresh SQLite file and a fresh PostgreSQL
// database, imports a further export file into each, starts the real server on each, signs in
// through the real login, and measures the list, search, session, detail and analytics calls
// (p50/p95/p99), the server's peak memory, and its throughput against a bare node:http server on the
// same store and driver (scripts/lib/bench-throughput.ts), and how the server answers health and list
// probes while ten clients search at once over the widest range (scripts/lib/bench-hostile.ts).
// Prints a table and writes docs/benchmarks.md.
// A script, not a test: it takes a while (mostly generating the data) and needs the machine to itself.
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureFirstRequests, measureLoad, type LoadResult } from "./lib/bench-load";
import { compareThroughput, startFloorServer, throughputCalls, type ThroughputRow } from "./lib/bench-throughput";
import { hostileLines, hostileRows, measureHostileLoad, type HostileResult } from "./lib/bench-hostile";
import {
  ANALYSIS_MARKER,
  BENCH_DIR,
  databaseSize,
  databaseVersion,
  DIST_DIR,
  dropDatabase,
  freshDatabase,
  logger,
  machineLines,
  POSTGRES_DATABASE,
  postgresUrl,
  provisionUser,
  signIn,
  SQLITE_FILE,
  tsx,
  withDatabase,
} from "./lib/bench-setup";
import { watchPeakRss } from "./lib/bench-memory";
import { buildProduction, ROOT, startNextServer } from "./lib/next-server";
import { generateTranscripts } from "./lib/transcript-generator";
import { formatCount } from "./lib/progress";
import { readCommandLine, usageError, wholeNumber } from "./lib/command-line";
import { addReviewRows, insightBenchQueries } from "./lib/bench-review";
import { DAY_MS } from "../lib/transcripts/time-buckets";

const POSTGRES_IMPORT_DATABASE = "bench_import";
const SQLITE_IMPORT_FILE = path.join(BENCH_DIR, "import.db");
const USER_EMAIL = "bench@example.com";
/** Starts the signal recompute, which takes an administrator. */
const ADMIN_EMAIL = "bench-admin@example.com";
const USER_PASSWORD = "bench-password-123";

/** The second connection count of the throughput comparison, beside --connections. */
const THROUGHPUT_CONNECTIONS = 50;
const TARGETS = { list: 50, search: 150, analytics90: 300, topQuestions90: 500, importRate: 5_000, memoryMb: 500, recomputeRate: 10_000 };
/** Common words of the generated transcripts that no other measurement searches for. */
const FIRST_SEARCH_WORDS = [
  "shipping",
  "membership",
  "repair",
  "discount",
  "jacket",
  "account",
  "billing",
  "package",
  "winter",
  "camping",
  "sizing",
  "expired",
];

interface Options {
  transcripts: number;
  importCount: number;
  databases: ("sqlite" | "postgres")[];
  seconds: number;
  connections: number;
  hostileSeconds: number;
  skipBuild: boolean;
  skipSeed: boolean;
  reportOnly: boolean;
}

const USAGE =
  "Usage: npm run bench -- [--transcripts N | --count N] [--import N] [--databases sqlite,postgres | --database D] [--seconds S] [--connections C] [--hostile-seconds H] [--skip-build] [--skip-seed] [--report-only]";

function readOptions(): Options {
  const { values } = readCommandLine(
    {
      options: {
        transcripts: { type: "string" },
        // The same two, by the names `npm run bench -- --count 10000000 --database postgres` uses.
        count: { type: "string" },
        database: { type: "string" },
        import: { type: "string" },
        databases: { type: "string" },
        seconds: { type: "string" },
        connections: { type: "string" },
        "hostile-seconds": { type: "string" },
        "skip-build": { type: "boolean", default: false },
        "skip-seed": { type: "boolean", default: false },
        "report-only": { type: "boolean", default: false },
      },
    },
    USAGE,
  );
  const databases = (values.databases ?? values.database ?? "sqlite,postgres").split(",");
  for (const database of databases) if (database !== "sqlite" && database !== "postgres") usageError(`Unknown database ${database}`, USAGE);
  return {
    transcripts: wholeNumber("transcripts", values.transcripts ?? values.count, 1_000_000, { min: 1, max: 20_000_000 }, USAGE),
    importCount: wholeNumber("import", values.import, 50_000, { min: 1, max: 10_000_000 }, USAGE),
    databases: databases as Options["databases"],
    seconds: wholeNumber("seconds", values.seconds, 6, { min: 1, max: 600 }, USAGE),
    connections: wholeNumber("connections", values.connections, 4, { min: 1, max: 1000 }, USAGE),
    hostileSeconds: wholeNumber("hostile-seconds", values["hostile-seconds"], 20, { min: 1, max: 600 }, USAGE),
    skipBuild: values["skip-build"],
    skipSeed: values["skip-seed"],
    reportOnly: values["report-only"],
  };
}

interface Scenario {
  name: string;
  kind: "list" | "search" | "detail" | "analytics";
  target?: number;
  /** One connection: a user's latency, which the targets are judged on. */
  result: LoadResult;
  /** `connections` at once: throughput, and latency with requests queueing on the two cores. */
  loaded?: LoadResult;
}

interface DatabaseReport {
  database: "sqlite" | "postgres";
  version: string;
  seedSeconds: number;
  seedRate: number;
  importRate: number;
  importLine: string;
  /** Transcripts per second of the signal recompute over the whole database (NaN when it failed). */
  recomputeRate: number;
  sizeBytes: number;
  scenarios: Scenario[];
  peakRssBytes: number;
  /** The portal beside the bare floor, call by call, at `connections` and at THROUGHPUT_CONNECTIONS. */
  throughput: ThroughputRow[];
  hostile: HostileResult;
}

const log = logger("bench");

/** A legacy-format export of `count` transcripts, written as it is generated. */
async function writeExportFile(file: string, count: number, endMs: number): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve()));
  await write("[\n");
  let first = true;
  for (const batch of generateTranscripts({ count, days: 90, seed: "bench-import", endMs })) {
    const text = batch.map((record) => JSON.stringify(record)).join(",\n");
    await write(first ? text : `,\n${text}`);
    first = false;
  }
  await write("\n]\n");
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

async function databaseFacts(database: "sqlite" | "postgres", url: string) {
  return withDatabase(url, async (query) => {
    const version = await databaseVersion(query, database);
    const session = (
      await query<{ s: string }>(`SELECT "sessionId" AS s FROM "Transcript" GROUP BY "sessionId" HAVING count(*) > 2 LIMIT 1`)
    )[0];
    const sample = database === "sqlite" ? `ORDER BY random()` : `TABLESAMPLE SYSTEM (1)`;
    const ids = (await query<{ id: string }>(`SELECT "id" FROM "Transcript" ${sample} LIMIT 500`)).map((row) => row.id);
    return { version, sessionId: session?.s ?? "", ids };
  });
}

async function benchDatabase(database: "sqlite" | "postgres", options: Options): Promise<DatabaseReport> {
  const endMs = Date.now();
  // Import rate: the export file into a fresh, empty database of its own.
  const exportFile = path.join(BENCH_DIR, `export-${options.importCount}.json`);
  const importName = database === "sqlite" ? SQLITE_IMPORT_FILE : POSTGRES_IMPORT_DATABASE;
  const importUrl = await freshDatabase(database, importName);
  log(
    `${database}: importing ${formatCount(options.importCount)} transcripts from ${path.relative(ROOT, exportFile)} into an empty database`,
  );
  const imported = tsx("scripts/import.ts", [exportFile], { DATABASE_URL: importUrl });
  if (imported.code !== 0) throw new Error(`import failed:\n${imported.output}`);
  const importLine = imported.output.trim().split("\n")[0];
  const importRate = Number(/\(([\d,]+)\/s\)/.exec(importLine)?.[1].replace(/,/g, "") ?? NaN);
  log(`${database}: ${importLine}`);
  await dropDatabase(database, importName);

  let url: string;
  let seedSeconds = NaN;
  if (options.skipSeed) {
    url = database === "sqlite" ? `file:${SQLITE_FILE}` : postgresUrl(POSTGRES_DATABASE);
  } else {
    log(`${database}: fresh database`);
    url = await freshDatabase(database, database === "sqlite" ? SQLITE_FILE : POSTGRES_DATABASE);
    log(`${database}: generating ${formatCount(options.transcripts)} transcripts over 90 days`);
    const seed = tsx(
      "scripts/seed.ts",
      ["--transcripts", String(options.transcripts), "--days", "90", "--seed", "bench", "--end", new Date(endMs).toISOString()],
      { DATABASE_URL: url },
    );
    if (seed.code !== 0) throw new Error(`seed failed:\n${seed.output}`);
    seedSeconds = seed.seconds;
    log(`${database}: ${seed.output.trim()} (${seed.seconds.toFixed(0)} s with start-up and ANALYZE)`);
  }
  provisionUser(url, USER_EMAIL, USER_PASSWORD);
  const facts = await databaseFacts(database, url);
  const sizeBytes = await databaseSize(url);

  log(`${database}: starting the production server`);
  const server = await startNextServer({ distDir: DIST_DIR, databaseUrl: url, workDir: BENCH_DIR, env: { DEMO_MODE: "" } });
  const memory = watchPeakRss(server.pid);
  const scenarios: Scenario[] = [];
  let throughput: ThroughputRow[];
  let hostile: HostileResult;
  try {
    const token = await signIn(server.baseUrl, USER_EMAIL, USER_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const now = Date.now();
    const range = (days: number) => `startTime=${new Date(now - days * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}`;
    const totalRes = await fetch(`${server.baseUrl}/api/transcripts?${range(30)}&limit=20`, { headers });
    const total = ((await totalRes.json()) as { total: number }).total;
    const middle = (limit: number) => Math.max(1, Math.ceil(Math.ceil(total / limit) / 2));
    const list = (query: string) => `/api/transcripts?${range(30)}&${query}`;
    // Before anything else asks: the first search of each word counts every day of the range.
    const firstSearches = await measureFirstRequests({
      baseUrl: server.baseUrl,
      paths: FIRST_SEARCH_WORDS.map((word) => list(`page=1&limit=20&search=${word}`)),
      headers,
    });
    scenarios.push({
      name: `search, first time for each of ${FIRST_SEARCH_WORDS.length} words (${FIRST_SEARCH_WORDS.join(", ")}), 30 days`,
      kind: "search",
      target: TARGETS.search,
      result: firstSearches,
    });
    log(
      `${database}: first searches: p50 ${firstSearches.p50.toFixed(1)} ms, p95 ${firstSearches.p95.toFixed(1)} ms${firstSearches.failures ? `, ${firstSearches.failures} FAILED` : ""}`,
    );
    const plan: (Omit<Scenario, "result" | "loaded"> & { paths: string[] })[] = [];
    const add = (name: string, kind: Scenario["kind"], paths: string[], target?: number) => plan.push({ name, kind, paths, target });
    add("list 30 days, page 1, limit 20", "list", [list("page=1&limit=20")], TARGETS.list);
    add("list 30 days, page 1, limit 100", "list", [list("page=1&limit=100")], TARGETS.list);
    add(`list 30 days, deep page ${middle(20)} (middle), limit 20`, "list", [list(`page=${middle(20)}&limit=20`)], TARGETS.list);
    add(`list 30 days, deep page ${middle(100)} (middle), limit 100`, "list", [list(`page=${middle(100)}&limit=100`)], TARGETS.list);
    add("list 30 days, last page, limit 20", "list", [list(`page=${Math.ceil(total / 20)}&limit=20`)], TARGETS.list);
    add('search "refund", 30 days, page 1', "search", [list("page=1&limit=20&search=refund")], TARGETS.search);
    add('search "password", 30 days, page 2', "search", [list("page=2&limit=20&search=password")], TARGETS.search);
    add('search "nw-5" (order numbers), 30 days', "search", [list("page=1&limit=20&search=nw-5")], TARGETS.search);
    const topRes = await fetch(`${server.baseUrl}/api/analytics/top-questions?${range(30)}&limit=1`, { headers });
    const topGroup = ((await topRes.json()) as { group: string }[])[0]?.group ?? "";
    // Deep pages of a word in most texts, spread over the range (each starts its walk in a different day).
    const orderRes = await fetch(`${server.baseUrl}${list("page=1&limit=20&search=order")}`, { headers });
    const orderPages = ((await orderRes.json()) as { totalPages: number }).totalPages;
    const deepOrderPages = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((tenth) => Math.max(1, Math.round((orderPages * tenth) / 10)));
    add(
      `search "order", 30 days, pages at every tenth of its ${formatCount(orderPages)}`,
      "search",
      deepOrderPages.map((page) => list(`page=${page}&limit=20&search=order`)),
      TARGETS.search,
    );
    add('search "注文" (2 characters), 30 days', "search", [list("page=1&limit=20&search=%E6%B3%A8%E6%96%87")]);
    add("session filter, 30 days", "list", [list(`page=1&limit=20&sessionId=${encodeURIComponent(facts.sessionId)}`)], TARGETS.list);
    addReviewRows({ databaseUrl: url, email: USER_EMAIL, range, add, target: TARGETS.list });
    const insightRows: [name: string, query: string, days: number][] = [
      ...insightBenchQueries(),
      [`the most asked question group ("${topGroup}")`, `questionGroup=${encodeURIComponent(topGroup)}`, 30],
    ];
    for (const [name, query, days] of insightRows) {
      add(
        `insight filter: ${name}, ${days} days, page 1`,
        "list",
        [`/api/transcripts?${range(days)}&page=1&limit=20&${query}`],
        TARGETS.list,
      );
    }
    add("top questions 90 days", "analytics", [`/api/analytics/top-questions?${range(90)}&limit=20`], TARGETS.topQuestions90);
    add(
      "detail (500 random ids)",
      "detail",
      facts.ids.map((id) => `/api/transcript/${id}`),
      TARGETS.list,
    );
    for (const days of [7, 30, 90]) {
      add(
        `analytics ${days} days (America/New_York)`,
        "analytics",
        [`/api/analytics?${range(days)}&tz=America%2FNew_York`],
        days === 90 ? TARGETS.analytics90 : undefined,
      );
    }
    for (const step of plan) {
      const result = await measureLoad({
        baseUrl: server.baseUrl,
        paths: step.paths,
        headers,
        connections: 1,
        durationSeconds: options.seconds,
      });
      const loaded = await measureLoad({
        baseUrl: server.baseUrl,
        paths: step.paths,
        headers,
        connections: options.connections,
        durationSeconds: options.seconds,
      });
      scenarios.push({ name: step.name, kind: step.kind, target: step.target, result, loaded });
      const failures = result.failures + loaded.failures;
      log(
        `${database}: ${step.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms; ` +
          `with ${options.connections} connections p95 ${loaded.p95.toFixed(1)} ms, ${loaded.perSecond.toFixed(0)}/s${failures ? `, ${failures} FAILED` : ""}`,
      );
    }

    log(`${database}: throughput beside a bare node:http server on the same store and driver`);
    const floorServer = await startFloorServer(url, now);
    try {
      throughput = await compareThroughput({
        servers: [
          { name: "floor", baseUrl: floorServer.baseUrl, isFloor: true },
          { name: "portal", baseUrl: server.baseUrl, headers, isFloor: false },
        ],
        calls: throughputCalls(now, facts.ids),
        connections: [options.connections, THROUGHPUT_CONNECTIONS],
        seconds: options.seconds,
      });
    } finally {
      floorServer.stop();
    }

    log(`${database}: ${options.hostileSeconds} s of ten hostile searches at once, with health and list probes`);
    hostile = await measureHostileLoad({ baseUrl: server.baseUrl, token, seconds: options.hostileSeconds, endMs: now });
    for (const line of hostileLines(hostile)) if (line) log(`${database}: ${line}`);
  } finally {
    process.kill(-server.pid, "SIGTERM");
  }
  const peakRssBytes = memory.stop();

  // Last, with the server stopped: it rewrites every transcript's signals.
  log(`${database}: recomputing every transcript's signals (npm run bench:recompute)`);
  const admin = tsx("scripts/user-create.ts", ["--email", ADMIN_EMAIL, "--admin"], { DATABASE_URL: url, USER_PASSWORD });
  if (admin.code !== 0) throw new Error(`user:create failed:\n${admin.output}`);
  const recompute = tsx("scripts/bench-recompute.ts", ["--email", ADMIN_EMAIL], { DATABASE_URL: url });
  const recomputeRate = Number(/\(([\d,]+)\/s\)/.exec(recompute.output)?.[1].replace(/,/g, "") ?? NaN);
  log(`${database}: ${recompute.output.trim()}`);
  return {
    database,
    version: facts.version,
    seedSeconds,
    seedRate: options.transcripts / seedSeconds,
    importRate,
    importLine,
    recomputeRate,
    sizeBytes,
    scenarios,
    peakRssBytes,
    throughput: throughput!,
    hostile: hostile!,
  };
}

function verdict(value: number, target: number | undefined, lowerIsBetter = true): string {
  if (target === undefined || Number.isNaN(value)) return "";
  return (lowerIsBetter ? value <= target : value >= target) ? "met" : "**missed**";
}

const DATABASE_TITLES = { sqlite: "SQLite", postgres: "PostgreSQL" } as const;

/** One table for both databases: a row per call (matched by position: both run the same plan), a column group per database. */
function report(options: Options, reports: DatabaseReport[], machine: string[]): string {
  const lines: string[] = [];
  const titles = reports.map((r) => DATABASE_TITLES[r.database]);
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  lines.push("# Benchmarks", "");
  lines.push("Written by `npm run bench` (scripts/bench.ts) above the marker line; rerun it to refresh.", "");
  lines.push(...machine);
  lines.push(
    `- Data: ${formatCount(options.transcripts)} generated transcripts over 90 days (seed "bench"); imports: an export file of ${formatCount(options.importCount)} transcripts (legacy format, 3 KB of dialog each) into an empty database`,
    `- Calls: autocannon against the production server (\`npm start\`) with a bearer token from the real login, each for ${options.seconds} s after a 1 s warm-up, with 1 connection (p50/p95/p99: the targets are judged on p95) and with ${options.connections} at once; first searches: each word asked once on a fresh server`,
    `- Targets: list p95 < ${TARGETS.list} ms, search p95 < ${TARGETS.search} ms, analytics over 90 days p95 < ${TARGETS.analytics90} ms, top questions over 90 days p95 < ${TARGETS.topQuestions90} ms, import >= ${formatCount(TARGETS.importRate)}/s, signal recompute >= ${formatCount(TARGETS.recomputeRate)}/s, server peak memory < ${TARGETS.memoryMb} MB`,
    "",
  );
  lines.push(row(["", ...titles]), row(["---", ...titles.map(() => "---")]));
  lines.push(
    row(["version", ...reports.map((r) => r.version)]),
    row([
      `seed of ${formatCount(options.transcripts)}`,
      ...reports.map((r) =>
        // A report read back from JSON holds null where the run had no seed (NaN).
        !Number.isFinite(r.seedSeconds)
          ? "not run (--skip-seed)"
          : `${formatCount(r.seedRate)}/s ${verdict(r.seedRate, TARGETS.importRate, false)}`,
      ),
    ]),
    row([
      `import of ${formatCount(options.importCount)}`,
      ...reports.map((r) => `${formatCount(r.importRate)}/s ${verdict(r.importRate, TARGETS.importRate, false)}`),
    ]),
    row([
      "signal recompute of every transcript",
      ...reports.map((r) =>
        // A report read back from JSON holds null where the run had no figure (NaN), or none at all.
        Number.isFinite(r.recomputeRate)
          ? `${formatCount(r.recomputeRate)}/s ${verdict(r.recomputeRate, TARGETS.recomputeRate, false)}`
          : "not run",
      ),
    ]),
    row(["database size", ...reports.map((r) => `${(r.sizeBytes / 2 ** 30).toFixed(2)} GiB`)]),
    row([
      "server peak memory (RSS, process tree)",
      ...reports.map((r) => `${mb(r.peakRssBytes)} ${verdict(r.peakRssBytes / 2 ** 20, TARGETS.memoryMb)}`),
    ]),
    "",
  );
  lines.push(`### Latency (ms, 1 connection) and throughput (req/s, ${options.connections} connections)`, "");
  const perDatabase = ["p50", "p95", "p99", "req/s"];
  lines.push(
    row(["call", "target p95", ...titles.flatMap((title) => perDatabase.map((column) => `${title} ${column}`))]),
    row(["---", "---:", ...titles.flatMap(() => perDatabase.map(() => "---:"))]),
  );
  reports[0]?.scenarios.forEach((first, index) => {
    const cells = reports.flatMap((r) => {
      const s = r.scenarios[index];
      if (!s) return perDatabase.map(() => "");
      const failures = s.result.failures + (s.loaded?.failures ?? 0);
      const missed = verdict(s.result.p95, s.target) === "**missed**" ? " **missed**" : "";
      return [
        s.result.p50.toFixed(1),
        `${s.result.p95.toFixed(1)}${missed}${failures ? ` (${failures} failed)` : ""}`,
        s.result.p99.toFixed(1),
        s.loaded?.perSecond.toFixed(0) ?? "",
      ];
    });
    lines.push(row([first.name, String(first.target ?? ""), ...cells]));
  });
  lines.push(
    "",
    `### Throughput beside the floor (req/s, p99 ms in brackets)`,
    "",
    "The floor: a bare node:http server calling the same store functions on the same driver (scripts/lib/bench-floor-server.ts); each row is measured on both back to back.",
    "",
  );
  lines.push(
    row(["call", "conn.", ...titles.flatMap((title) => [`${title} floor`, "portal", "share"])]),
    row(["---", "---:", ...titles.flatMap(() => ["---:", "---:", "---:"])]),
  );
  reports[0]?.throughput.forEach((first, index) => {
    const cells = reports.flatMap((r) => {
      const floor = r.throughput[index]?.results.floor;
      const portal = r.throughput[index]?.results.portal;
      if (!floor || !portal) return ["", "", ""];
      const cell = (result: LoadResult) =>
        `${result.perSecond.toFixed(0)} (${result.p99.toFixed(0)})${result.failures ? `, ${result.failures} failed` : ""}`;
      return [cell(floor), cell(portal), `${((portal.perSecond / floor.perSecond) * 100).toFixed(0)}%`];
    });
    lines.push(row([first.call, String(first.connections), ...cells]));
  });
  lines.push("", "### Under hostile searches (scripts/lib/bench-hostile.ts)", "");
  lines.push(row(["", ...titles]), row(["---", ...titles.map(() => "---")]));
  for (const [name, cell] of hostileRows()) lines.push(row([name, ...reports.map((r) => cell(r.hostile))]));
  lines.push("");
  return lines.join("\n");
}

/** What a run measured, kept so that its report can be written again (--report-only) as the report changes. */
const RUN_FILE = path.join(BENCH_DIR, "last-run.json");

interface Run {
  options: Options;
  reports: DatabaseReport[];
  machine: string[];
}

async function main() {
  const options = readOptions();
  let run: Run;
  if (options.reportOnly) {
    run = JSON.parse(readFileSync(RUN_FILE, "utf8")) as Run;
  } else {
    const started = new Date();
    const load = { start: os.loadavg(), end: [] as number[] };
    mkdirSync(BENCH_DIR, { recursive: true });
    if (!options.skipBuild) {
      log(`building the production server into ${DIST_DIR}`);
      buildProduction(DIST_DIR);
    }
    const exportFile = path.join(BENCH_DIR, `export-${options.importCount}.json`);
    log(`writing an export file of ${formatCount(options.importCount)} transcripts`);
    await writeExportFile(exportFile, options.importCount, Date.now());
    const reports: DatabaseReport[] = [];
    for (const database of options.databases) reports.push(await benchDatabase(database, options));
    load.end = os.loadavg();
    const machine = machineLines(
      started,
      load,
      reports.map((r) => r.version),
    );
    run = { options, reports, machine };
    writeFileSync(RUN_FILE, JSON.stringify(run));
  }
  const markdown = report(run.options, run.reports, run.machine);
  console.log(`\n${markdown}`);
  // A hand-written analysis below the ANALYSIS_MARKER line survives a rerun.
  const target = path.join(ROOT, "docs", "benchmarks.md");
  const previous = existsSync(target) ? readFileSync(target, "utf8") : "";
  const analysis = previous.includes(ANALYSIS_MARKER) ? previous.slice(previous.indexOf(ANALYSIS_MARKER)) : `${ANALYSIS_MARKER}\n`;
  writeFileSync(target, `${markdown}\n${analysis}`);
  log("wrote docs/benchmarks.md");
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
