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

/**
 * `count` distinct loopback ports that were free a moment ago: every one is held open until all are
 * chosen, so that the system cannot hand the same port out twice.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => net.createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once("error", reject);
            server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port));
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
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
  let onExit: (code: number | null, signal: NodeJS.Signals | null) => void = () => undefined;
  const exited = new Promise<never>((_, reject) => {
    onExit = (code, signal) => reject(new Error(`The server exited (${signal ?? code}) before answering:\n${logTail(logFile)}`));
    child.once("exit", onExit);
  });
  const waiting = new AbortController();
  try {
    await Promise.race([waitUntilUp(baseUrl, logFile, waiting.signal), exited]);
  } catch (error) {
    waiting.abort();
    if (child.exitCode === null && child.signalCode === null) process.kill(-pid, "SIGKILL");
    throw error;
  } finally {
    child.off("exit", onExit);
  }
  return { baseUrl, child, pid, logFile };
}

const logTail = (logFile: string) => readFileSync(logFile, "utf8").slice(-4000);

async function waitUntilUp(baseUrl: string, logFile: string, stop: AbortSignal, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stop.aborted) {
    try {
      const res = await fetch(`${baseUrl}/login`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not start within ${timeoutMs} ms; see ${logFile}:\n${logTail(logFile)}`);
}
