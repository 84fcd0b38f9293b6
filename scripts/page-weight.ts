// `npm run page-weight`: the JavaScript each screen loads on a first visit, measured in Chromium
// against the production build (cache disabled; compressed bytes as served, and uncompressed).
// Builds into .next-weight when no build is there, seeds a small SQLite database, signs in as an
// administrator, prints a table and writes docs/page-weight.md.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { chromium, type Page } from "playwright-core";
import { runPrisma } from "./prisma-env.mjs";
import { ROOT, buildProduction, startNextServer } from "./lib/next-server";
import { CHROMIUM_LAUNCH_OPTIONS } from "./lib/chromium";

const DIST_DIR = ".next-weight";
// Signed-out screens are measured without a session (with one they redirect to /dashboard).
const PUBLIC_ROUTES = ["/login", "/register", "/forgot-password", "/reset-password"];
const PORTAL_ROUTES = ["/dashboard", "/analytics", "/profile", "/admin", "/admin/feedback", "/admin/audit-log", "/transcript/:id"];
const ADMIN = { email: "weight.admin@example.com", password: "page-weight-123" };

interface Weight {
  route: string;
  scripts: number;
  transferred: number;
  uncompressed: number;
}

async function measure(page: Page, url: string): Promise<Omit<Weight, "route">> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const scripts = new Map<string, { transferred: number; uncompressed: number }>();
  const types = new Map<string, string>();
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.dataReceived", (event) => {
    if (types.get(event.requestId) !== "Script") return;
    const entry = scripts.get(event.requestId) ?? { transferred: 0, uncompressed: 0 };
    entry.uncompressed += event.dataLength;
    scripts.set(event.requestId, entry);
  });
  cdp.on("Network.loadingFinished", (event) => {
    const entry = scripts.get(event.requestId);
    if (entry) entry.transferred = event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await cdp.detach();
  const all = [...scripts.values()];
  return {
    scripts: all.length,
    transferred: all.reduce((sum, entry) => sum + entry.transferred, 0),
    uncompressed: all.reduce((sum, entry) => sum + entry.uncompressed, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    console.log(`Building into ${DIST_DIR} ...`);
    buildProduction(DIST_DIR);
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-weight-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  const tsx = [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server"];
  const env = { ...process.env, DATABASE_URL: databaseUrl, USER_PASSWORD: ADMIN.password };
  spawnSync(process.execPath, [...tsx, "scripts/seed.ts", "--transcripts", "200", "--days", "7"], { cwd: ROOT, env, stdio: "ignore" });
  spawnSync(process.execPath, [...tsx, "scripts/user-create.ts", "--email", ADMIN.email, "--admin"], { cwd: ROOT, env, stdio: "ignore" });

  const server = await startNextServer({ distDir: DIST_DIR, databaseUrl, workDir });
  const profile = mkdtempSync(path.join(os.tmpdir(), "portal-weight-chromium-"));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const login = await page.request.post(`${server.baseUrl}/api/auth/login`, { data: ADMIN });
    const session = (await login.json()) as { token: string; user: unknown };
    const list = await page.request.get(
      `${server.baseUrl}/api/transcripts?startTime=${new Date(Date.now() - 8 * 86_400_000).toISOString()}&endTime=${new Date().toISOString()}&limit=1`,
      { headers: { authorization: `Bearer ${session.token}` } },
    );
    const transcriptId = ((await list.json()) as { transcripts: { id: string }[] }).transcripts[0]?.id ?? "unknown";

    const weights: Weight[] = [];
    for (const route of PUBLIC_ROUTES) weights.push({ route, ...(await measure(page, `${server.baseUrl}${route}`)) });
    await page.evaluate(({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user", JSON.stringify(user));
    }, session);
    for (const route of PORTAL_ROUTES) {
      const pathname = route.replace(":id", encodeURIComponent(transcriptId));
      weights.push({ route, ...(await measure(page, `${server.baseUrl}${pathname}`)) });
    }

    const lines = [
      "| route | scripts | transferred (gzip) | uncompressed |",
      "|---|---:|---:|---:|",
      ...weights.map((w) => `| ${w.route} | ${w.scripts} | ${kb(w.transferred)} | ${kb(w.uncompressed)} |`),
    ];
    console.log(lines.join("\n"));
    writeFileSync(
      path.join(ROOT, "docs", "page-weight.md"),
      [
        "# First-load JavaScript per screen",
        "",
        `Measured by \`npm run page-weight\` on ${new Date().toISOString().slice(0, 10)} (production build, Chromium with the cache disabled,`,
        "signed in as an administrator; the JavaScript a first visit of each screen loads).",
        "",
        ...lines,
        "",
      ].join("\n"),
    );
  } finally {
    await context.close();
    process.kill(-server.pid, "SIGTERM");
    rmSync(profile, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
