// A PostgreSQL restart under a running portal: while the database is down, requests fail with
// 503 and a message (the health check too), and the sync scheduler's ticks fail without harm; once
// it is back they succeed again, with no restart of the app.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../scripts/prisma-env.mjs";
import { hashPassword } from "@/lib/server/auth/passwords";
import { db, disconnectDb } from "@/lib/server/db";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { E2E_DIST_DIR } from "./support/server-state";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres";

jest.setTimeout(120_000);

let postgres: PrivatePostgres;
let server: RunningServer;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-outage-"));
  postgres = await startPrivatePostgres();
  runPrisma(["migrate", "deploy"], { databaseUrl: postgres.url, quiet: true });
  process.env.DATABASE_URL = postgres.url;
  await db.user.create({ data: { email: "outage@example.com", passwordHash: await hashPassword("outage-password"), approved: true } });
  await disconnectDb();
  // The scheduler ticks every 1.2 s, so that some ticks fall in the outage.
  server = await startNextServer({ distDir: E2E_DIST_DIR, databaseUrl: postgres.url, workDir, env: { SYNC_INTERVAL_MINUTES: "0.02" } });
});

afterAll(async () => {
  if (server) process.kill(-server.pid, "SIGKILL");
  postgres?.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

async function get(pathname: string, token?: string) {
  const res = await fetch(`${server.baseUrl}${pathname}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

it("answers 503 with a message while PostgreSQL is down and recovers by itself", async () => {
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "outage@example.com", password: "outage-password" }),
  });
  const { token } = (await login.json()) as { token: string };
  const range = `startTime=${new Date(Date.now() - 86_400_000).toISOString()}&endTime=${new Date().toISOString()}`;
  expect((await get("/api/health")).status).toBe(200);
  expect((await get(`/api/transcripts?${range}`, token)).status).toBe(200);

  postgres.stop();
  const log = () => readFileSync(server.logFile, "utf8");
  for (let waited = 0; waited < 100 && !log().includes("Sync scheduler: a tick failed"); waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(log()).toContain("Sync scheduler: a tick failed");
  for (const pathname of ["/api/health", "/api/user/profile", `/api/transcripts?${range}`, `/api/analytics?${range}`]) {
    const res = await get(pathname, token);
    expect({ pathname, status: res.status }).toEqual({ pathname, status: 503 });
    expect(typeof res.body.message).toBe("string");
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
  }

  postgres.start();
  // The pool reconnects on its own; allow it a few tries.
  let health = await get("/api/health");
  for (let attempt = 0; attempt < 20 && health.status !== 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    health = await get("/api/health");
  }
  expect(health.status).toBe(200);
  expect((await get("/api/user/profile", token)).body).toMatchObject({ email: "outage@example.com" });
  expect((await get(`/api/transcripts?${range}`, token)).status).toBe(200);
  for (let waited = 0; waited < 100 && !log().includes("Sync scheduler: working again"); waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(log()).toContain("Sync scheduler: working again");
});
