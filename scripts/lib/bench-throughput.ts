// The portal's throughput as a share of the bare floor's (scripts/lib/bench-floor-server.ts), measured
// side by side in one run: each call is measured on every server back to back before the next call,
// so that the load other work puts on the shared cores weighs on both sides alike.
//
// Run on its own, it compares production builds (this tree's and, say, an earlier commit's built in a
// `git worktree`) on one database, with the floor beside them:
//   tsx --conditions=react-server scripts/lib/bench-throughput.ts --database-url URL \
//     --build .next-bench [--build /tmp/before:.next-bench] [--seconds 5] [--connections 4,50]
// A build that has a route /api/bench-constant (a handler returning a constant, added for the
// measurement only) is also measured on it against the floor's /constant: the ceiling Next.js sets.
import { spawn } from "node:child_process";
import path from "node:path";
import { measureLoad, type LoadResult } from "./bench-load";
import { logger, provisionUser, signIn, withDatabase } from "./bench-setup";
import { freePort, ROOT, startNextServer, type RunningServer } from "./next-server";
import { readCommandLine, wholeNumber } from "./command-line";
import { DAY_MS } from "../../lib/transcripts/time-buckets";

const log = logger("throughput");

export interface ThroughputServer {
  name: string;
  baseUrl: string;
  headers?: Record<string, string>;
  /** The bare server of bench-floor-server.ts (a call's floorPaths are asked of it). */
  isFloor: boolean;
}

export interface ThroughputCall {
  name: string;
  paths: string[];
  /** What the floor answers instead (default: the same paths). */
  floorPaths?: string[];
}

export interface ThroughputRow {
  call: string;
  connections: number;
  /** By server name; a server that cannot answer the call is left out. */
  results: Record<string, LoadResult>;
}

/** The bare server of bench-floor-server.ts on the database of `databaseUrl`, for ranges that end at `endMs`. */
export async function startFloorServer(databaseUrl: string, endMs: number): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/lib/bench-floor-server.ts"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, FLOOR_PORT: String(port), FLOOR_END_MS: String(endMs) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`The floor server exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
}

/** The calls of the floor comparison: the list call, a search, the detail call, and the constant. */
export function throughputCalls(now: number, ids: string[]): ThroughputCall[] {
  const range = `startTime=${new Date(now - 30 * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}`;
  const list = `/api/transcripts?${range}&page=1&limit=20`;
  return [
    { name: "constant (no database)", paths: ["/api/bench-constant"], floorPaths: ["/constant"] },
    { name: "list 30 days, page 1 of 20", paths: [list] },
    { name: "list 30 days, page 1 of 20, against its SQL on the driver alone", paths: [list], floorPaths: ["/list-sql"] },
    { name: 'search "refund", 30 days, page 1', paths: [`/api/transcripts?${range}&page=1&limit=20&search=refund`] },
    { name: `detail (${ids.length} random ids)`, paths: ids.map((id) => `/api/transcript/${id}`) },
  ];
}

function pathsFor(server: ThroughputServer, call: ThroughputCall): string[] {
  return server.isFloor ? (call.floorPaths ?? call.paths) : call.paths;
}

/** Answers 200 to every path of the call (a build without the constant route answers it 404). */
async function answers(server: ThroughputServer, call: ThroughputCall): Promise<boolean> {
  const res = await fetch(`${server.baseUrl}${pathsFor(server, call)[0]}`, { headers: server.headers });
  await res.arrayBuffer();
  return res.ok;
}

export async function compareThroughput(options: {
  servers: ThroughputServer[];
  calls: ThroughputCall[];
  connections: number[];
  seconds: number;
}): Promise<ThroughputRow[]> {
  const rows: ThroughputRow[] = [];
  for (const call of options.calls) {
    const able: ThroughputServer[] = [];
    for (const server of options.servers) if (await answers(server, call)) able.push(server);
    if (able.length < 2) continue;
    for (const connections of options.connections) {
      const results: Record<string, LoadResult> = {};
      // Alternate the order, so that neither side always runs on the warmer (or the busier) spell.
      const order = rows.length % 2 === 0 ? able : [...able].reverse();
      for (const server of order) {
        results[server.name] = await measureLoad({
          baseUrl: server.baseUrl,
          paths: pathsFor(server, call),
          headers: server.headers,
          connections,
          durationSeconds: options.seconds,
        });
      }
      rows.push({ call: call.name, connections, results });
      log(
        `${call.name}, ${connections} conn.: ` +
          able.map((s) => `${s.name} ${results[s.name].perSecond.toFixed(0)}/s p99 ${results[s.name].p99.toFixed(0)} ms`).join(", "),
      );
    }
  }
  return rows;
}

/** The markdown table of the rows: req/s and p99 of each server, and each portal's share of the floor. */
export function throughputTable(rows: ThroughputRow[], floorName: string): string[] {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row.results)))];
  const portals = names.filter((name) => name !== floorName);
  const lines = [
    `| call | conn. | ${names.map((name) => `${name} req/s (p99 ms)`).join(" | ")} | ${portals.map((name) => `${name} / ${floorName}`).join(" | ")} |`,
    `|---|---:|${names.map(() => "---:").join("|")}|${portals.map(() => "---:").join("|")}|`,
  ];
  for (const row of rows) {
    const cell = (name: string) => {
      const result = row.results[name];
      if (!result) return "";
      return `${result.perSecond.toFixed(0)} (${result.p99.toFixed(0)})${result.failures ? `, ${result.failures} failed` : ""}`;
    };
    const share = (name: string) => {
      const ours = row.results[name];
      const floor = row.results[floorName];
      return ours && floor ? `${((ours.perSecond / floor.perSecond) * 100).toFixed(0)}%` : "";
    };
    lines.push(`| ${row.call} | ${row.connections} | ${names.map(cell).join(" | ")} | ${portals.map(share).join(" | ")} |`);
  }
  return lines;
}

async function main() {
  const usage =
    "Usage: tsx --conditions=react-server scripts/lib/bench-throughput.ts --database-url URL --build [ROOT:]DIST ... [--seconds S] [--connections 4,50]";
  const { values } = readCommandLine(
    {
      options: {
        "database-url": { type: "string" },
        build: { type: "string", multiple: true },
        seconds: { type: "string" },
        connections: { type: "string", default: "4,50" },
      },
    },
    usage,
  );
  const databaseUrl = values["database-url"];
  if (!databaseUrl || !values.build?.length) throw new Error(usage);
  const seconds = wholeNumber("seconds", values.seconds, 5, { min: 1, max: 600 }, usage);
  const connections = values.connections.split(",").map(Number);
  const email = "throughput@example.com";
  const password = "throughput-password-123";
  provisionUser(databaseUrl, email, password);
  const now = Date.now();
  const sample = databaseUrl.startsWith("file:") ? "ORDER BY random()" : "TABLESAMPLE SYSTEM (1)";
  const ids = await withDatabase(databaseUrl, async (query) =>
    (await query<{ id: string }>(`SELECT "id" FROM "Transcript" ${sample} LIMIT 500`)).map((row) => row.id),
  );
  const started: RunningServer[] = [];
  const floor = await startFloorServer(databaseUrl, now);
  try {
    const servers: ThroughputServer[] = [{ name: "floor", baseUrl: floor.baseUrl, isFloor: true }];
    for (const build of values.build) {
      const [root, distDir] = build.includes(":") ? build.split(":") : [ROOT, build];
      const server = await startNextServer({ root: path.resolve(root), distDir, databaseUrl, workDir: "/tmp", env: { DEMO_MODE: "" } });
      started.push(server);
      const token = await signIn(server.baseUrl, email, password);
      const name = path.basename(path.resolve(root));
      servers.push({
        // Two builds of one checkout are told apart by their folders.
        name: servers.some((other) => other.name === name) ? `${name}:${distDir}` : name,
        baseUrl: server.baseUrl,
        headers: { authorization: `Bearer ${token}` },
        isFloor: false,
      });
    }
    const rows = await compareThroughput({ servers, calls: throughputCalls(now, ids), connections, seconds });
    console.log(["", ...throughputTable(rows, "floor"), ""].join("\n"));
  } finally {
    floor.stop();
    for (const server of started) process.kill(-server.pid, "SIGTERM");
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
