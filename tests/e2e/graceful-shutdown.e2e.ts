// SIGTERM lets requests in flight finish: an ingest batch still being uploaded when the signal
// arrives is stored and answered, new connections are refused, and the server then exits.
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../scripts/prisma-env.mjs";
import { db, disconnectDb } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import { createIngestKey } from "@/lib/server/ingest/ingest-keys";
import { closeStore } from "@/lib/server/store";
import { conversation } from "../helpers/stored-transcripts";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { E2E_DIST_DIR } from "./support/server-state";

let server: RunningServer;

/** Whether a new connection to the server's port is refused: each try opens one of its own. */
function isRefused(port: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    probe.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNREFUSED" ? resolve(true) : reject(error)));
  });
}
let workDir: string;
let databaseUrl: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-shutdown-"));
  databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  server = await startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir });
});

afterAll(async () => {
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    // Already exited, as it should have.
  }
  await Promise.all([disconnectDb(), closeStore()]);
  rmSync(workDir, { recursive: true, force: true });
});

it("finishes an upload in flight after SIGTERM, refuses new connections, then exits", async () => {
  process.env.DATABASE_URL = databaseUrl;
  const admin = await db.user.create({
    data: { email: "shutdown@example.com", passwordHash: await hashPassword("irrelevant"), approved: true, isAdmin: true },
  });
  const { key } = await createIngestKey({ name: "shutdown test", actor: admin });

  const batch = Array.from({ length: 200 }, () => conversation());
  const body = Buffer.from(JSON.stringify(batch));
  const { port } = new URL(server.baseUrl);
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));

  // The server has taken the upload on once it asks for the body (100 Continue): from then on its
  // request is in flight, however long the machine took to get there.
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/ingest/transcripts",
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": body.length,
          expect: "100-continue",
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.on("continue", async () => {
      try {
        // Half the body now; the rest once the server refuses new connections (until it does, this waits).
        req.write(body.subarray(0, body.length / 2));
        process.kill(server.pid, "SIGTERM");
        while (!(await isRefused(port))) await new Promise((resolve) => setTimeout(resolve, 50));
        req.end(body.subarray(body.length / 2));
      } catch (error) {
        reject(error);
      }
    });
    req.flushHeaders();
  });

  const answered = await response;
  expect(answered.status).toBe(200);
  expect(JSON.parse(answered.body)).toMatchObject({ imported: 200, updated: 0, rejected: [] });
  expect(await exited).not.toBeNull();
  expect(await db.transcript.count()).toBe(200);
});
