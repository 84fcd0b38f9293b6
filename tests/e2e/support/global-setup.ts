// Builds the production app into its own folder, migrates and seeds a fresh SQLite database, starts
// `next start` on a free port in demo mode and records where it runs for the tests.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../../scripts/prisma-env.mjs";
import { E2E_SEED, type ServerState } from "./server-state";

const ROOT = path.resolve(__dirname, "../../..");
// E2E_DIST_DIR lets two builds (say, two engineers' runs) live side by side.
const DIST_DIR = process.env.E2E_DIST_DIR || ".next-e2e";
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function build(env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})\n${result.stdout}\n${result.stderr}`);
}

function seedTranscripts(databaseUrl: string): void {
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      "--conditions=react-server",
      "scripts/seed.ts",
      "--transcripts",
      String(E2E_SEED.transcripts),
      "--days",
      String(E2E_SEED.days),
      "--seed",
      E2E_SEED.seed,
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`seeding the e2e database failed\n${result.stdout}\n${result.stderr}`);
}

async function waitUntilUp(baseUrl: string, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/login`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The e2e server did not start within ${timeoutMs} ms; see ${logFile}:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
}

export default async function globalSetup() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  };

  // E2E_REUSE_BUILD=1 skips the build when one exists (for quick local reruns).
  if (!(process.env.E2E_REUSE_BUILD === "1" && existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID")))) build(env);
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  seedTranscripts(databaseUrl);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, "server.log");
  const log = openSync(logFile, "a");
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { ...env, DATABASE_URL: databaseUrl, DEMO_MODE: "1", NEXTAUTH_SECRET: randomBytes(32).toString("hex") },
    stdio: ["ignore", log, log],
    detached: true,
  });
  server.unref();
  if (!server.pid) throw new Error("Could not start the e2e server");

  const state: ServerState = { baseUrl, databaseUrl, pid: server.pid, workDir };
  const stateFile = path.join(workDir, "server.json");
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  process.env.E2E_STATE_FILE = stateFile;
  process.env.DATABASE_URL = databaseUrl;
  try {
    await waitUntilUp(baseUrl, logFile);
  } catch (error) {
    process.kill(-server.pid, "SIGTERM");
    throw error;
  }
}
