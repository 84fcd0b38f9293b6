// What each call of the load test's mix costs the machine: CPU time per answered request, of the
// server process (with SQLite's reads, which run in it) and of PostgreSQL's processes, read from
// /proc before and after each call runs alone at 8 connections. On two cores the server's main
// thread or the two cores together bound the rate, so a call's cost says what it takes from the
// mix. Builds given with --build are measured call by call back to back (a before and an after
// built in `git worktree`s), so that the machine's swings fall on both:
//   tsx --conditions=react-server scripts/lib/bench-call-cost.ts --database-url URL \
//     --build .next-bench [--build /tmp/before:.next-bench] [--seconds 6]
import path from "node:path";
import { cpuBetween, cpuTimes } from "./bench-cpu";
import { runLoad } from "./bench-load";
import { logger, provisionUser, signIn, withDatabase } from "./bench-setup";
import { ROOT, startNextServer } from "./next-server";
import { readCommandLine, wholeNumber } from "./command-line";
import { DAY_MS } from "../../lib/transcripts/time-buckets";

const log = logger("call-cost");
const CONNECTIONS = 8;
/** The mix's calls (scripts/load.ts): ranges ending now, and ranges of local days in New York as the dashboard asks. */
function calls(now: number, ids: string[]): { name: string; paths: string[] }[] {
  const last = (days: number) => `startTime=${new Date(now - days * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}`;
  // Local midnight in New York is 04:00 or 05:00 UTC; whole local days end at the last one before now.
  const localEnd = Math.floor((now - 5 * 3_600_000) / DAY_MS) * DAY_MS + 5 * 3_600_000 - 1;
  const localDays = (days: number) =>
    `startTime=${new Date(localEnd + 1 - days * DAY_MS).toISOString()}&endTime=${new Date(localEnd).toISOString()}`;
  const zone = "tz=America%2FNew_York";
  return [
    { name: "list, 30 days, page 1 of 20", paths: [`/api/transcripts?${last(30)}&limit=20`] },
    { name: 'search "refund", 30 days, page 1', paths: [`/api/transcripts?${last(30)}&limit=20&search=refund`] },
    { name: `detail (${ids.length} random ids)`, paths: ids.map((id) => `/api/transcript/${id}`) },
    ...[7, 30, 90].map((days) => ({ name: `analytics, last ${days} days`, paths: [`/api/analytics?${last(days)}&${zone}`] })),
    ...[7, 90].map((days) => ({ name: `analytics, ${days} local days`, paths: [`/api/analytics?${localDays(days)}&${zone}`] })),
  ];
}

async function main() {
  const usage =
    "Usage: tsx --conditions=react-server scripts/lib/bench-call-cost.ts --database-url URL --build [ROOT:]DIST ... [--seconds S]";
  const { values } = readCommandLine(
    { options: { "database-url": { type: "string" }, build: { type: "string", multiple: true }, seconds: { type: "string" } } },
    usage,
  );
  const databaseUrl = values["database-url"];
  if (!databaseUrl || !values.build?.length) throw new Error(usage);
  const seconds = wholeNumber("seconds", values.seconds, 6, { min: 1, max: 600 }, usage);
  const email = "call-cost@example.com";
  const password = "call-cost-password-123";
  provisionUser(databaseUrl, email, password);
  const sample = databaseUrl.startsWith("file:") ? "ORDER BY random()" : "TABLESAMPLE SYSTEM (1)";
  const ids = await withDatabase(databaseUrl, async (query) =>
    (await query<{ id: string }>(`SELECT "id" FROM "Transcript" ${sample} LIMIT 500`)).map((row) => row.id),
  );
  const lines = ["| call | build | req/s | server ms/request | PostgreSQL ms/request |", "|---|---|---:|---:|---:|"];
  for (const call of calls(Date.now(), ids)) {
    for (const build of values.build) {
      const [root, distDir] = build.includes(":") ? build.split(":") : [ROOT, build];
      const server = await startNextServer({ root: path.resolve(root), distDir, databaseUrl, workDir: "/tmp", env: { DEMO_MODE: "" } });
      try {
        const headers = { authorization: `Bearer ${await signIn(server.baseUrl, email, password)}` };
        // A first pass fills what the server keeps (the day cache), as the mix has by its measured window.
        const load = { baseUrl: server.baseUrl, paths: call.paths, headers, connections: CONNECTIONS };
        await runLoad({ ...load, durationSeconds: 3 });
        const before = cpuTimes(server.pid);
        const result = await runLoad({ ...load, durationSeconds: seconds });
        const used = cpuBetween(before, cpuTimes(server.pid));
        const perRequest = (ms: number) => (ms / Math.max(result.requests, 1)).toFixed(2);
        const failures = result.failures > 0 ? ` (${result.failures} failed)` : "";
        const postgres = databaseUrl.startsWith("file:") ? "none (SQLite)" : perRequest(used.postgres);
        lines.push(`| ${call.name} | ${build} | ${Math.round(result.perSecond)}${failures} | ${perRequest(used.server)} | ${postgres} |`);
        log(lines.at(-1)!);
      } finally {
        process.kill(-server.pid, "SIGTERM");
      }
    }
  }
  console.log(["", ...lines, ""].join("\n"));
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
