// Hundreds of concurrent writers against the production server on its embedded SQLite database:
// feedback from many users, ingest batches and administrator approvals all at once. None may see
// a database-busy error, and every write must be stored exactly once.
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

const RATERS = 20;
const RATED_TRANSCRIPTS = 10;
const INGEST_BATCHES = 50;
const BATCH_SIZE = 4;
const PENDING_USERS = 50;

let server: RunningServer;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-concurrency-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  process.env.DATABASE_URL = databaseUrl;
  server = await startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir });
});

afterAll(async () => {
  process.kill(-server.pid, "SIGTERM");
  await Promise.all([disconnectDb(), closeStore()]);
  rmSync(workDir, { recursive: true, force: true });
});

async function post(pathname: string, token: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${pathname}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

it("stores every one of 300 concurrent writes exactly once, with no busy errors", async () => {
  const passwordHash = await hashPassword("concurrency-pass");
  const admin = await db.user.create({ data: { email: "concurrency.admin@example.com", passwordHash, approved: true, isAdmin: true } });
  const raters = await Promise.all(
    Array.from({ length: RATERS }, (_, i) => db.user.create({ data: { email: `rater${i}@example.com`, passwordHash, approved: true } })),
  );
  const pending = await Promise.all(
    Array.from({ length: PENDING_USERS }, (_, i) => db.user.create({ data: { email: `waiting${i}@example.com`, passwordHash } })),
  );
  const { key } = await createIngestKey({ name: "concurrency", actor: admin });

  const rated = Array.from({ length: RATED_TRANSCRIPTS }, () => conversation());
  expect((await post("/api/ingest/transcripts", key, rated)).status).toBe(200);
  const adminToken = await signIn(admin.email, "concurrency-pass");
  const raterTokens = await Promise.all(raters.map((rater) => signIn(rater.email, "concurrency-pass")));

  const writes = [
    ...raterTokens.flatMap((token) =>
      rated.map(
        (transcript) => () =>
          post("/api/feedback", token, {
            transcriptId: transcript._id,
            messageIndex: 1,
            feedbackType: "thumbs_down",
            comment: "concurrent",
          }),
      ),
    ),
    ...Array.from({ length: INGEST_BATCHES }, () => {
      const batch = Array.from({ length: BATCH_SIZE }, () => conversation());
      return () => post("/api/ingest/transcripts", key, batch);
    }),
    ...pending.map((user) => () => post(`/api/admin/approve-user/${user.id}`, adminToken)),
  ];
  expect(writes).toHaveLength(300);

  const results = await Promise.all(writes.map((write) => write()));
  const failures = results.filter((res) => res.status >= 300);
  expect(failures).toEqual([]);

  expect(await db.feedback.count()).toBe(RATERS * RATED_TRANSCRIPTS);
  expect(await db.transcript.count()).toBe(RATED_TRANSCRIPTS + INGEST_BATCHES * BATCH_SIZE);
  expect(await db.user.count({ where: { approved: true } })).toBe(1 + RATERS + PENDING_USERS);
  expect(await db.auditEvent.count({ where: { action: "user.approve" } })).toBe(PENDING_USERS);
});
