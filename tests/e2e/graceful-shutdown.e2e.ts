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

  let refusedDuringShutdown: boolean | undefined;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/ingest/transcripts",
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    // Half the body now; the rest after the signal.
    req.write(body.subarray(0, body.length / 2));
    setTimeout(() => {
      process.kill(server.pid, "SIGTERM");
      setTimeout(async () => {
        refusedDuringShutdown = await fetch(`${server.baseUrl}/api/health`).then(
          () => false,
          () => true,
        );
        req.end(body.subarray(body.length / 2));
      }, 500);
    }, 500);
  });

  const answered = await response;
  expect(refusedDuringShutdown).toBe(true);
  expect(answered.status).toBe(200);
  expect(JSON.parse(answered.body)).toMatchObject({ imported: 200, updated: 0, rejected: [] });
  expect(await exited).not.toBeNull();
  expect(await db.transcript.count()).toBe(200);
});
