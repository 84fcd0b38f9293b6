// `npm run cold-start`: the standalone build (next.config.mjs `output: "standalone"`) copied alone
// into an empty folder, without the source tree or node_modules, started as a serverless host
// starts a function's process: from process start to the first answered request (GET /api/health
// against a migrated PostgreSQL database, then the sign-in page), several times, and the median.
//   npm run cold-start [-- --runs 5] [--database-url postgresql://...]
// Builds into .next-standalone when no build is there. The database defaults to a fresh one on
// 127.0.0.1:5432, dropped at the end.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { runPrisma } from "./prisma-env.mjs";
import { ROOT, buildProduction, freePort } from "./lib/next-server";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";
import { errorMessage, readCommandLine, runCommand, wholeNumber } from "./lib/command-line";

const DIST_DIR = ".next-standalone";
const USAGE = "Usage: npm run cold-start [-- --runs N] [--database-url postgresql://...]";
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** The standalone server with its static files, in a folder of its own: what a host deploys. */
function packageStandalone(into: string): string {
  const standalone = path.join(ROOT, DIST_DIR, "standalone");
  if (!existsSync(path.join(standalone, "server.js"))) throw new Error(`${standalone}/server.js is missing: is output "standalone" set?`);
  cpSync(standalone, into, { recursive: true, verbatimSymlinks: false, dereference: true });
  cpSync(path.join(ROOT, DIST_DIR, "static"), path.join(into, DIST_DIR, "static"), { recursive: true });
  if (existsSync(path.join(ROOT, "public"))) cpSync(path.join(ROOT, "public"), path.join(into, "public"), { recursive: true });
  return path.join(into, "server.js");
}

/** Milliseconds from spawning the server to its first 200 on `pathname`, and to the sign-in page. */
async function coldStart(serverJs: string, databaseUrl: string): Promise<{ health: number; page: number }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverJs], {
    cwd: path.dirname(serverJs),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "1",
      SYNC_SCHEDULER: "off",
      NEXTAUTH_SECRET: "cold-start-secret-cold-start-secret-0123456789",
      NEXTAUTH_URL: baseUrl,
      CLIENT_ADDRESS_HEADER: "x-forwarded-for",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    const health = await firstAnswer(`${baseUrl}/api/health`, started, child);
    const page = await firstAnswer(`${baseUrl}/login`, started, child);
    return { health, page };
  } catch (error) {
    throw new Error(`${errorMessage(error)}\n${stderr.slice(-2000)}`);
  } finally {
    child.kill("SIGKILL");
  }
}

async function firstAnswer(url: string, started: number, child: ReturnType<typeof spawn>): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return performance.now() - started;
      throw new Error(`${url} answered ${res.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.includes("answered")) throw error;
      if (performance.now() - started > 60_000) throw new Error(`${url} did not answer within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function main(): Promise<number> {
  const { values } = readCommandLine(
    { options: { runs: { type: "string" }, "database-url": { type: "string" }, help: { type: "boolean", default: false } } },
    USAGE,
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const runs = wholeNumber("runs", values.runs, 5, { min: 1, max: 100 }, USAGE);
  if (!existsSync(path.join(ROOT, DIST_DIR, "standalone", "server.js"))) {
    console.log(`Building into ${DIST_DIR} ...`);
    buildProduction(DIST_DIR);
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "portal-standalone-"));
  const ownDatabase = values["database-url"] ? null : `portal_cold_start_${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  try {
    const serverJs = packageStandalone(folder);
    let databaseUrl = values["database-url"]!;
    if (ownDatabase) {
      await admin.connect();
      await admin.query(`CREATE DATABASE "${ownDatabase}"`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${ownDatabase}`;
      databaseUrl = url.toString();
      runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
    }
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const result = await coldStart(serverJs, databaseUrl);
      console.log(`run ${run}: first answer (GET /api/health) ${result.health.toFixed(0)} ms, sign-in page ${result.page.toFixed(0)} ms`);
      results.push(result);
    }
    console.log(
      `median of ${runs}: GET /api/health ${median(results.map((r) => r.health)).toFixed(0)} ms, ` +
        `sign-in page ${median(results.map((r) => r.page)).toFixed(0)} ms (node ${process.version}, ${os.cpus().length} cores, ` +
        `load average ${os.loadavg()[0].toFixed(1)} at the end)`,
    );
    return 0;
  } finally {
    if (ownDatabase) {
      await admin.query(`DROP DATABASE IF EXISTS "${ownDatabase}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

runCommand(main, { close: async () => undefined, describe: errorMessage });
