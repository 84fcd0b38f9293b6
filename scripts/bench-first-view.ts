// `npm run bench:first-view -- --before <checkout> [--runs 6]`: the time from navigation to the
// first message of a transcript and to the first chart of Analytics, in Chromium, for two builds
// on one database: `--before`, a checkout of another commit with its production build in
// .next-bench (docs/benchmarks/targets.md says how to make one), and this checkout (built into
// .next-first-view when no build is there). Runs alternate before, after, after, before; each is a
// fresh browser context with the session a sign-in leaves (cookie and localStorage). The clock is
// the page's own (performance.now() from navigation start), read once Playwright sees the element.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { chromium, type Browser } from "playwright-core";
import { runPrisma } from "./prisma-env.mjs";
import { ROOT, buildProduction, startNextServer, type RunningServer } from "./lib/next-server";
import { CHROMIUM_LAUNCH_OPTIONS } from "./lib/chromium";

const DIST_DIR = ".next-first-view";
const USER = { email: "first.view@example.com", password: "first-view-123" };
const TARGETS = [
  {
    name: "first message of a transcript",
    selector: "[data-testid=message]",
    path: (id: string) => `/transcript/${encodeURIComponent(id)}`,
  },
  { name: "first chart of Analytics", selector: "[data-chart] svg.recharts-surface", path: () => "/analytics" },
] as const;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Milliseconds from navigation start until `selector` is first in the document. */
async function timeToElement(browser: Browser, server: RunningServer, pathname: string, selector: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const login = await context.request.post(`${server.baseUrl}/api/auth/login`, { data: USER });
    const session = (await login.json()) as { token: string; user: unknown };
    const host = new URL(server.baseUrl).hostname;
    // The time zone cookie the app writes on any visit, so that both builds start as a returning user.
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await context.addCookies([{ name: "tz", value: encodeURIComponent(tz), domain: host, path: "/" }]);
    await context.addInitScript(({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user", JSON.stringify(user));
    }, session);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${pathname}`, { waitUntil: "commit" });
    await page
      .locator(selector)
      .first()
      .waitFor({ state: "attached", timeout: 60_000 })
      .catch(async (error: Error) => {
        const text = (
          await page
            .locator("body")
            .innerText()
            .catch(() => "")
        ).slice(0, 300);
        throw new Error(`${selector} did not appear at ${page.url()}, which shows ${JSON.stringify(text)}: ${error.message}`);
      });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const before = option("before");
  const runs = Number(option("runs") ?? 6);
  if (!before || !existsSync(path.join(before, ".next-bench", "BUILD_ID"))) {
    throw new Error("--before <checkout> must name a checkout with a production build in .next-bench");
  }
  if (!existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    console.log(`Building into ${DIST_DIR} ...`);
    buildProduction(DIST_DIR);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-first-view-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  const tsx = [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server"];
  const env = { ...process.env, DATABASE_URL: databaseUrl, USER_PASSWORD: USER.password };
  spawnSync(process.execPath, [...tsx, "scripts/seed.ts", "--transcripts", "2000", "--days", "30"], { cwd: ROOT, env, stdio: "ignore" });
  spawnSync(process.execPath, [...tsx, "scripts/user-create.ts", "--email", USER.email], { cwd: ROOT, env, stdio: "ignore" });

  // One secret for both, so that one sign-in is valid on either.
  const serverEnv = { NEXTAUTH_SECRET: randomBytes(32).toString("hex") };
  const servers = {
    before: await startNextServer({ root: path.resolve(before), distDir: ".next-bench", databaseUrl, workDir, env: serverEnv }),
    after: await startNextServer({ distDir: DIST_DIR, databaseUrl, workDir, env: serverEnv }),
  };
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const login = await fetch(`${servers.after.baseUrl}/api/auth/login`, {
      method: "POST",
      body: JSON.stringify(USER),
      headers: { "content-type": "application/json" },
    });
    const { token } = (await login.json()) as { token: string };
    const list = await fetch(
      `${servers.after.baseUrl}/api/transcripts?startTime=${new Date(Date.now() - 7 * 86_400_000).toISOString()}&endTime=${new Date().toISOString()}&limit=1`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const transcriptId = ((await list.json()) as { transcripts: { id: string }[] }).transcripts[0].id;

    const order = ["before", "after", "after", "before"] as const;
    const lines = [
      "| measure | before, each run (ms) | after, each run (ms) | before median | after median | after / before |",
      "|---|---|---|---:|---:|---:|",
    ];
    for (const target of TARGETS) {
      // A first visit of each build warms its server (compiled routes, caches) and is not counted.
      for (const server of Object.values(servers)) await timeToElement(browser, server, target.path(transcriptId), target.selector);
      const times: Record<"before" | "after", number[]> = { before: [], after: [] };
      for (let run = 0; run < runs; run++) {
        const variant = order[run % order.length];
        times[variant].push(await timeToElement(browser, servers[variant], target.path(transcriptId), target.selector));
      }
      const [b, a] = [median(times.before), median(times.after)];
      lines.push(
        `| ${target.name} | ${times.before.map((t) => t.toFixed(0)).join(", ")} | ${times.after.map((t) => t.toFixed(0)).join(", ")} | ${b.toFixed(0)} | ${a.toFixed(0)} | ${(a / b).toFixed(2)} |`,
      );
    }
    console.log(
      `${new Date().toISOString()}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    console.log(lines.join("\n"));
  } finally {
    await browser.close();
    for (const server of Object.values(servers)) process.kill(-server.pid, "SIGTERM");
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
