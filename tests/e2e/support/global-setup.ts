// Builds the production app into its own folder, migrates and seeds a fresh SQLite database, starts
// `next start` on a free port in demo mode and records where it runs for the tests.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../../scripts/prisma-env.mjs";
import { browserClockOffsetMs } from "./clock";
import { E2E_DIST_DIR, E2E_SEED, type ServerState } from "./server-state";
import { ROOT, buildProduction, productionEnv, startNextServer } from "../../../scripts/lib/next-server";
import { buildUnlessCurrent } from "../../../scripts/lib/build-inputs.mjs";

function seedTranscripts(databaseUrl: string, end: Date): void {
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
      "--end",
      end.toISOString(),
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`seeding the e2e database failed\n${result.stdout}\n${result.stderr}`);
}

export default async function globalSetup() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  const clockOffsetMs = browserClockOffsetMs(process.env.E2E_BROWSER_DATE, Date.now());

  // A build made from the same sources is reused (scripts/lib/build-inputs.mjs); E2E_REUSE_BUILD=1
  // reuses whatever build exists (for quick local reruns after a change to the app).
  if (!(process.env.E2E_REUSE_BUILD === "1" && existsSync(path.join(ROOT, E2E_DIST_DIR, "BUILD_ID")))) {
    const build = () => buildProduction(E2E_DIST_DIR);
    buildUnlessCurrent({ root: ROOT, distDir: E2E_DIST_DIR, env: productionEnv(E2E_DIST_DIR), build });
  }
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  seedTranscripts(databaseUrl, new Date(Date.now() + clockOffsetMs));

  // Sources (tests/e2e/sources.e2e.ts) seal their keys, and sync from a fake platform on loopback;
  // runs here start only when a test asks (tests/e2e/sources-scheduler.e2e.ts runs a scheduler).
  // Every erasure goes on in the background (tests/e2e/privacy.e2e.ts follows it to its end; the API
  // tests cover the erasure finished within its request). Reads run without the time budget, whose
  // 3 s default a busy machine need not keep (the API tests cover the budget).
  const env = {
    SOURCES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SOURCES_ALLOW_PRIVATE_HOSTS: "1",
    ERASURE_REQUEST_BUDGET_SECONDS: "0",
    QUERY_TIMEOUT_MS: "0",
    SYNC_SCHEDULER: "off",
  };
  const server = await startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir, env });
  const state: ServerState = { baseUrl: server.baseUrl, databaseUrl, pid: server.pid, workDir, clockOffsetMs };
  const stateFile = path.join(workDir, "server.json");
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  process.env.E2E_STATE_FILE = stateFile;
  process.env.DATABASE_URL = databaseUrl;
}
