// Starting the production build with the production server script (scripts/start.mjs, what
// `npm start` runs) on a free loopback port: for the browser tests (the shared server, and private
// ones that tests stop, starve of their database or signal) and for the measuring scripts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { openSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";

export const ROOT = path.resolve(__dirname, "../..");
export const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");
export const START_SCRIPT = path.join(ROOT, "scripts/start.mjs");

/** The environment of a production build and server whose output lives in distDir (next.config.mjs reads NEXT_DIST_DIR). */
export function productionEnv(distDir: string): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
}

/** Builds the production app into distDir; throws with the build's output when it fails. */
export function buildProduction(distDir: string): void {
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, env: productionEnv(distDir), encoding: "utf8" });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})\n${result.stdout}\n${result.stderr}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
}

/** Starts the production server on a free loopback port in its own process group and waits until it answers. */
export async function startNextServer({
  root = ROOT,
  distDir,
  databaseUrl,
  workDir,
  env = {},
  port: chosenPort,
}: {
  /** The checkout whose build runs (another commit's, in a `git worktree`, for a before/after comparison). */
  root?: string;
  distDir: string;
  databaseUrl: string;
  workDir: string;
  env?: Record<string, string>;
  /** A port picked beforehand (freePort), for an environment that must name the server's address. */
  port?: number;
}): Promise<RunningServer> {
  const port = chosenPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, `server-${port}.log`);
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...productionEnv(distDir),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DEMO_MODE: "1",
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      ...env,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  if (!child.pid) throw new Error("Could not start a server");
  const pid = child.pid;
  try {
    await waitUntilUp(baseUrl, logFile);
  } catch (error) {
    process.kill(-pid, "SIGKILL");
    throw error;
  }
  return { baseUrl, child, pid, logFile };
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
  throw new Error(`The server did not start within ${timeoutMs} ms; see ${logFile}:\n${readFileSync(logFile, "utf8").slice(-4000)}`);
}
