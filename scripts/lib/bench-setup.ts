// What the benchmarks (scripts/bench.ts, scripts/bench-privacy.ts) and the load script (scripts/load.ts)
// share: where the benchmark's databases and production build live, making and dropping databases,
// running a script with tsx or bundled, provisioning and signing in a user, reading a database directly,
// and describing the machine a run was made on.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl } from "../../lib/database-url.mjs";
import { runPrisma } from "../prisma-env.mjs";
import { ROOT } from "./next-server";
import { bundleScript } from "./ts-bundle";

export type DatabaseKind = "sqlite" | "postgres";

export const BENCH_DIR = path.join(ROOT, "data", "bench");
export const DIST_DIR = ".next-bench";
export const SQLITE_FILE = path.join(BENCH_DIR, "bench.db");
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const POSTGRES_DATABASE = "bench_portal";

/** docs/benchmarks.md: `npm run bench` rewrites what stands above this line and keeps what follows it. */
export const ANALYSIS_MARKER = "<!-- Everything below is kept when the benchmark rewrites this file. -->";

/** `[name hh:mm:ss] message` on standard output. */
export function logger(name: string): (message: string) => void {
  return (message) => console.log(`[${name} ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

type ScriptRun = { code: number | null; output: string; seconds: number };

/** Runs a script of this repository with tsx (as the npm scripts do), collecting its standard output. */
export function tsx(script: string, args: string[], env: Record<string, string>): ScriptRun {
  return runNode(["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", script, ...args], env);
}

/** Runs a script of this repository bundled as the server's build bundles its code (ts-bundle.ts). */
export async function bundled(script: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const bundle = await bundleScript(script);
  try {
    return runNode(["--conditions=react-server", bundle, ...args], env);
  } finally {
    rmSync(bundle, { force: true });
  }
}

function runNode(args: string[], env: Record<string, string>): ScriptRun {
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, output: result.stdout, seconds: (Date.now() - started) / 1000 };
}

/** The URL of a database on the benchmark's PostgreSQL server. */
export function postgresUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection to the PostgreSQL server's maintenance database (creating and dropping databases). */
async function withPostgresAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops a benchmark database: an SQLite file (a path) with its journals, or a PostgreSQL database (a name). */
export async function dropDatabase(database: DatabaseKind, name: string): Promise<void> {
  if (database === "sqlite") {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${name}${suffix}`, { force: true });
    return;
  }
  await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** A benchmark database made afresh and migrated: an SQLite file (a path) or a PostgreSQL database (a name); its URL. */
export async function freshDatabase(database: DatabaseKind, name: string): Promise<string> {
  await dropDatabase(database, name);
  if (database === "postgres") await withPostgresAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = database === "sqlite" ? `file:${name}` : postgresUrl(name);
  runPrisma(["migrate", "deploy"], { databaseUrl: url, quiet: true });
  return url;
}

/** Creates (or approves and re-activates) a regular user with scripts/user-create.ts. */
export function provisionUser(databaseUrl: string, email: string, password: string): void {
  const provision = tsx("scripts/user-create.ts", ["--email", email], { DATABASE_URL: databaseUrl, USER_PASSWORD: password });
  if (provision.code !== 0) throw new Error(`user:create failed:\n${provision.output}`);
}

/** Signs in through the real login and returns the bearer token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function databaseKind(url: string): DatabaseKind {
  return isPostgresUrl(url) ? "postgres" : "sqlite";
}

export function sqliteFileOf(url: string): string {
  return url.replace(/^file:/, "");
}

/** A read-only query on a database opened directly (not through the app), with `$1`-style parameters. */
export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Opens the database of a URL read-only (an SQLite file must exist), runs work on it and closes it. */
export async function withDatabase<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  if (databaseKind(url) === "postgres") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[]);
    } finally {
      await client.end();
    }
  }
  const db = new Database(sqliteFileOf(url), { readonly: true, fileMustExist: true });
  try {
    // better-sqlite3 binds numbered parameters (?1) by name only.
    const bind = (params: unknown[]) => (params.length === 0 ? [] : [Object.fromEntries(params.map((value, index) => [index + 1, value]))]);
    return await work(
      async <R>(sql: string, params: unknown[] = []) => db.prepare(sql.replace(/\$(\d+)/g, "?$1")).all(...bind(params)) as R[],
    );
  } finally {
    db.close();
  }
}

/** "SQLite 3.49.2" or "PostgreSQL 15.20 (...), shared_buffers 6GB" (its cache sets the cost of a first count), for reports. */
export async function databaseVersion(query: Query, kind: DatabaseKind): Promise<string> {
  if (kind === "sqlite") return `SQLite ${(await query<{ v: string }>("SELECT sqlite_version() AS v"))[0].v}`;
  const [row] = await query<{ v: string; cache: string }>(
    "SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS cache",
  );
  return `PostgreSQL ${row.v}, shared_buffers ${row.cache}`;
}

export function databaseSize(url: string): Promise<number> {
  const sql =
    databaseKind(url) === "sqlite"
      ? "SELECT page_count * page_size AS n FROM pragma_page_count(), pragma_page_size()"
      : "SELECT pg_database_size(current_database()) AS n";
  return withDatabase(url, async (query) => Number((await query<{ n: number | string }>(sql))[0].n));
}

const FAULT_PROBE_BYTES = 64 * 2 ** 20;
const PAGE_BYTES = 4096;

/**
 * Microseconds to touch one 4 KiB page of fresh memory (writing one byte of each page of a new
 * 64 MiB buffer, which the kernel maps page by page as it is first written). Machines of the same
 * kind differ here by tens of times, and a run that allocates much (the server, the import) slows
 * with it, so a report names it beside the machine.
 */
export function pageTouchMicroseconds(): { perPage: number; faults: number } {
  const faultsBefore = process.resourceUsage().minorPageFault;
  const buffer = Buffer.allocUnsafeSlow(FAULT_PROBE_BYTES);
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < buffer.length; offset += PAGE_BYTES) buffer[offset] = 1;
  const nanoseconds = Number(process.hrtime.bigint() - started);
  return { perPage: nanoseconds / 1000 / (FAULT_PROBE_BYTES / PAGE_BYTES), faults: process.resourceUsage().minorPageFault - faultsBefore };
}

/** The date, machine, load average and versions lines of a report. */
export function machineLines(started: Date, load: { start: number[]; end: number[] }, versions: string[]): string[] {
  const cpu = os.cpus();
  return [
    `- Date: ${started.toISOString()}`,
    `- Machine: ${cpu.length} CPU (\`nproc\`), ${cpu[0]?.model ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ${os.platform()} ${os.release()}`,
    pageTouchLine(),
    `- Load average at start / end: ${load.start.map((v) => v.toFixed(2)).join(", ")} / ${load.end.map((v) => v.toFixed(2)).join(", ")} (the machine is shared)`,
    `- Node ${process.version}; ${versions.join("; ")}`,
  ];
}

function pageTouchLine(): string {
  const probe = pageTouchMicroseconds();
  return `- Fresh memory: ${probe.perPage.toFixed(2)} µs to touch each 4 KiB page of a new 64 MiB buffer (${probe.faults} page faults)`;
}
