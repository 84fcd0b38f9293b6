// Against the real production server (scripts/start.mjs) with no proxy configured, the client's
// address is the socket's: a forged X-Forwarded-For, or a forged copy of the server's own socket
// address header, does not escape the per-address sign-in limit. The server runs outside demo
// mode here, and its screens show no demo banner.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../scripts/prisma-env.mjs";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { LOGIN_THROTTLE } from "@/lib/server/auth/login-throttle";
import { SOCKET_ADDRESS_HEADER } from "@/lib/network-address.mjs";
import { DEMO_BANNER_TEXT } from "@/components/layout/demo-banner";
import { E2E_DIST_DIR } from "./support/server-state";

let server: RunningServer;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-client-address-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  server = await startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir, env: { DEMO_MODE: "" } });
});

afterAll(() => {
  if (server) process.kill(-server.pid, "SIGTERM");
  rmSync(workDir, { recursive: true, force: true });
});

it("counts wrong passwords against the socket's address, whatever X-Forwarded-For says", async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
    const res = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `203.0.113.${i + 1}`,
        "x-real-ip": `203.0.113.${i + 1}`,
        [SOCKET_ADDRESS_HEADER]: `198.51.100.${i + 1}`,
      },
      body: JSON.stringify({ email: `spray${i}@example.com`, password: "guess" }),
    });
    statuses.push(res.status);
  }
  expect(statuses.slice(0, -1)).toEqual(Array(LOGIN_THROTTLE.maxFailuresPerAddress).fill(401));
  expect(statuses.at(-1)).toBe(429);
});

it("shows no demo banner outside demo mode", async () => {
  const html = await (await fetch(`${server.baseUrl}/login`)).text();
  expect(html).toContain("<title>Sign in · Transcript Analytics</title>");
  expect(html).not.toContain(DEMO_BANNER_TEXT);
});
