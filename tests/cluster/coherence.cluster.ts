// Several instances on one PostgreSQL database, checked from outside: two production servers (A and
// B, each with its own scheduler) behind nginx, and what one instance changes is what the other
// serves at once, feature by feature: ingested transcripts in the list, search, analytics and
// insights; sessions ended; sign-in throttling; tags, views, review, privacy and insight settings;
// jobs started from both instances at once (one job of each kind); and a sync run whose instance
// is killed mid-step, which the other one finishes.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import { DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { RECOMPUTE_JOB_KIND } from "@/lib/server/insights/recompute-signals";
import { REDACTION_JOB_KIND } from "@/lib/server/privacy/apply-redaction";
import { RETENTION_JOB_KIND } from "@/lib/server/privacy/retention";
import { ERASURE_JOB_KIND } from "@/lib/server/privacy/erasure-job";
import { buildUnlessCurrent } from "../../scripts/lib/build-inputs.mjs";
import { buildProduction, productionEnv, ROOT, startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { startBalancer, type RunningBalancer } from "../../scripts/lib/balancer";
import { E2E_DIST_DIR } from "../e2e/support/server-state";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { migrate, postgresUrl, withPostgresAdmin } from "../helpers/test-databases";
import { legacyTranscript, type TestTranscript } from "../api/transcripts-test-data";

const PASSWORD = "correct horse battery";
const CRON_SECRET = randomBytes(24).toString("hex");
const DAY = "2026-11-02";
const RANGE = { startTime: `${DAY}T00:00:00.000Z`, endTime: `${DAY}T23:59:59.999Z`, tz: "UTC" };

let workDir: string;
let databaseName: string;
let a: RunningServer;
let b: RunningServer;
let balancer: RunningBalancer;
const fakes: FakeVoiceflow[] = [];
let adminToken: string;
let ingestKey: string;

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many endpoints
  body: any;
  headers: Headers;
}

async function api(
  server: { baseUrl: string },
  method: string,
  pathname: string,
  { token, body, query }: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(pathname, server.baseUrl);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const res = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function createAccount(email: string, isAdmin = false) {
  return db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD), approved: true, isAdmin, isActive: true } });
}

async function signIn(server: { baseUrl: string }, email: string, password = PASSWORD): Promise<string> {
  const res = await api(server, "POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

const cron = (server: { baseUrl: string }) =>
  fetch(new URL("/api/cron/sync", server.baseUrl), { method: "POST", headers: { authorization: `Bearer ${CRON_SECRET}` } });

async function ingest(server: { baseUrl: string }, specs: TestTranscript[]): Promise<void> {
  const res = await fetch(new URL("/api/ingest/transcripts", server.baseUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${ingestKey}`, "content-type": "application/json" },
    body: JSON.stringify(specs.map(legacyTranscript)),
  });
  expect(res.status).toBe(200);
}

/** Waits (polling the database) until `check` holds; throws after `attempts` tries. */
async function eventually(check: () => Promise<boolean>, what: string, attempts = 600): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Still not so: ${what}`);
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-cluster-"));
  // The browser tests' build, reused when the sources are unchanged.
  buildUnlessCurrent({ root: ROOT, distDir: E2E_DIST_DIR, env: productionEnv(E2E_DIST_DIR), build: () => buildProduction(E2E_DIST_DIR) });
  databaseName = `portal_cluster_${process.pid}_${Date.now()}`;
  await withPostgresAdmin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const databaseUrl = postgresUrl(databaseName);
  migrate(databaseUrl);
  process.env.DATABASE_URL = databaseUrl;

  // What the instances share: the database, the secrets; each runs its scheduler.
  const env = {
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
    SOURCES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SOURCES_ALLOW_PRIVATE_HOSTS: "1",
    SOURCES_REQUEST_TIMEOUT_SECONDS: "5",
    CRON_SECRET,
    QUERY_TIMEOUT_MS: "0",
    ERASURE_REQUEST_BUDGET_SECONDS: "0",
    SYNC_RUN_BUDGET_SECONDS: "5",
    JOB_LEASE_SECONDS: "3",
    DATABASE_POOL_SIZE: "5",
  };
  [a, b] = await Promise.all([
    startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir, env }),
    startNextServer({ distDir: E2E_DIST_DIR, databaseUrl, workDir, env }),
  ]);
  balancer = await startBalancer({ upstreams: [a.baseUrl, b.baseUrl], workDir });

  await createAccount("admin@cluster.test", true);
  adminToken = await signIn(a, "admin@cluster.test");
  const key = await api(a, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "cluster" } });
  expect(key.status).toBe(201);
  ingestKey = key.body.key;
}, 600_000);

afterAll(async () => {
  await balancer?.stop();
  for (const server of [a, b]) {
    try {
      if (server) process.kill(-server.pid, "SIGKILL");
    } catch {
      // Already gone (the test that kills an instance).
    }
  }
  await Promise.all(fakes.map((fake) => fake.close()));
  await disconnectDb();
  if (databaseName) await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

it("balances requests over both instances", async () => {
  const served = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await api(balancer, "GET", "/api/transcripts", { token: adminToken, query: RANGE });
    expect(res.status).toBe(200);
    served.add(res.headers.get("x-portal-upstream") ?? "");
  }
  expect([...served].sort()).toEqual([new URL(a.baseUrl).host, new URL(b.baseUrl).host].sort());
});

describe("a transcript ingested through A", () => {
  const read = async (server: RunningServer) => {
    const [list, search, analytics, top] = await Promise.all([
      api(server, "GET", "/api/transcripts", { token: adminToken, query: RANGE }),
      api(server, "GET", "/api/transcripts", { token: adminToken, query: { ...RANGE, search: "zebracorn" } }),
      api(server, "GET", "/api/analytics", { token: adminToken, query: RANGE }),
      api(server, "GET", "/api/analytics/top-questions", { token: adminToken, query: RANGE }),
    ]);
    const fallbacks = analytics.body.insights.fallbackOverTime.reduce((sum: number, day: { count: number }) => sum + day.count, 0);
    return { list: list.body.total, search: search.body.total, analytics: analytics.body.total, fallbacks, top: JSON.stringify(top.body) };
  };

  it("is in B's list, search, analytics and insights as soon as A has answered", async () => {
    // B reads first, so that whatever it keeps of the day is there before the change.
    const before = await read(b);
    expect(before).toMatchObject({ list: 0, search: 0, analytics: 0, fallbacks: 0 });
    await ingest(a, [
      { id: "cluster-1", createdAt: `${DAY}T10:00:00.000Z`, turns: ["user: where is the zebracorn parcel", "Sorry, I didn't get that."] },
      { id: "cluster-2", createdAt: `${DAY}T11:00:00.000Z`, turns: ["user: where is the zebracorn parcel", "It left the depot."] },
    ]);
    const after = await read(b);
    expect(after).toMatchObject({ list: 2, search: 2, analytics: 2, fallbacks: 1 });
    expect(after.top).toContain("zebracorn");
  });
});

describe("sessions", () => {
  it("logout, signing out of all devices, revoking and deleting on A end the session on B at once", async () => {
    const user = await createAccount("session@cluster.test");
    const signedIn = (token: string) => api(b, "GET", "/api/user/profile", { token }).then((res) => res.status);

    const one = await signIn(b, user.email);
    expect(await signedIn(one)).toBe(200);
    expect((await api(a, "POST", "/api/auth/logout", { token: one })).status).toBe(200);
    expect(await signedIn(one)).toBe(401);

    const [two, three] = [await signIn(b, user.email), await signIn(b, user.email)];
    expect((await api(a, "DELETE", "/api/user/sessions", { token: two })).status).toBe(200);
    expect(await signedIn(three)).toBe(401);

    const four = await signIn(b, user.email);
    expect((await api(a, "POST", `/api/admin/revoke-access/${user.id}`, { token: adminToken })).status).toBe(200);
    expect(await signedIn(four)).toBe(401);

    const other = await createAccount("deleted@cluster.test");
    const five = await signIn(b, other.email);
    expect((await api(a, "DELETE", `/api/admin/user/${other.id}`, { token: adminToken })).status).toBe(200);
    expect(await signedIn(five)).toBe(401);
  });

  it("sign-in throttling counts the attempts made through both", async () => {
    const user = await createAccount("throttled@cluster.test");
    const attempt = (server: RunningServer, password: string) =>
      api(server, "POST", "/api/auth/login", { body: { email: user.email, password } }).then((res) => res.status);
    // Five failures per account and address in 15 minutes, made alternately through A and B.
    for (const server of [a, b, a, b, a]) expect(await attempt(server, "wrong password")).toBe(401);
    expect(await attempt(b, "wrong password")).toBe(429);
    expect(await attempt(b, PASSWORD)).toBe(429);
  });
});

describe("settings made on A are what B serves", () => {
  it("tags, views and review", async () => {
    const tag = await api(a, "POST", "/api/tags", { token: adminToken, body: { name: "cluster", color: "#1f77b4" } });
    expect(tag.status).toBe(201);
    expect((await api(b, "GET", "/api/tags", { token: adminToken })).body).toContainEqual(tag.body);

    const view = await api(a, "POST", "/api/views", {
      token: adminToken,
      body: { name: "Cluster", shared: true, query: "status=reviewed" },
    });
    expect(view.status).toBe(201);
    expect((await api(b, "GET", "/api/views", { token: adminToken })).body.map((v: { id: string }) => v.id)).toContain(view.body.id);

    // B counts the tag's and the status's members first, then A changes the review.
    const tagged = () => api(b, "GET", "/api/transcripts", { token: adminToken, query: { ...RANGE, tag: tag.body.id } });
    const reviewed = () => api(b, "GET", "/api/transcripts", { token: adminToken, query: { ...RANGE, status: "unreviewed" } });
    expect((await tagged()).body.total).toBe(0);
    expect((await reviewed()).body.total).toBe(2);
    const review = await api(a, "PATCH", "/api/transcript/cluster-1/review", {
      token: adminToken,
      body: { status: "reviewed", addTagIds: [tag.body.id] },
    });
    expect(review.status).toBe(200);
    expect((await tagged()).body.total).toBe(1);
    expect((await reviewed()).body.total).toBe(1);
    const onB = await api(b, "GET", "/api/transcript/cluster-1", { token: adminToken });
    expect(JSON.stringify(onB.body)).toContain('"reviewed"');
    expect(JSON.stringify(onB.body)).toContain(tag.body.id);
  });

  it("privacy and insight settings, in what B shows and in what B stores next", async () => {
    // B reads both first, so that whatever it keeps of them is there before the change.
    const privacy = (await api(b, "GET", "/api/admin/privacy", { token: adminToken })).body;
    expect((await api(b, "GET", "/api/admin/insight-settings", { token: adminToken })).status).toBe(200);
    const ticketNumbers = { ...privacy, customPatterns: [{ name: "ticket", pattern: "TCK-[0-9]+" }] };
    expect((await api(a, "PUT", "/api/admin/privacy", { token: adminToken, body: ticketNumbers })).status).toBe(200);
    const changed = {
      fallbackPhrases: [...DEFAULT_INSIGHT_SETTINGS.fallbackPhrases, "the unicorn is out of office"],
      handoffPhrases: DEFAULT_INSIGHT_SETTINGS.handoffPhrases,
    };
    expect((await api(a, "PUT", "/api/admin/insight-settings", { token: adminToken, body: changed })).status).toBe(200);

    expect(JSON.stringify((await api(b, "GET", "/api/admin/privacy", { token: adminToken })).body)).toContain("TCK-[0-9]+");
    expect(JSON.stringify((await api(b, "GET", "/api/admin/insight-settings", { token: adminToken })).body)).toContain(
      "the unicorn is out of office",
    );
    await ingest(b, [
      {
        id: "cluster-3",
        createdAt: `${DAY}T12:00:00.000Z`,
        turns: ["user: my ticket is TCK-48151623", "The unicorn is out of office."],
      },
    ]);
    const stored = await api(b, "GET", "/api/transcript/cluster-3", { token: adminToken });
    expect(JSON.stringify(stored.body)).not.toContain("TCK-48151623");
    const analytics = await api(a, "GET", "/api/analytics", { token: adminToken, query: RANGE });
    expect(analytics.body.insights.fallbackOverTime.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(2);
  });
});

describe("jobs started from both instances at once", () => {
  const startedOnBoth = async (pathname: string, body?: unknown) => {
    const answers = await Promise.all([a, b, a, b, a, b].map((server) => api(server, "POST", pathname, { token: adminToken, body })));
    for (const answer of answers) expect(answer.status).toBe(202);
    return answers.map((answer) => answer.body);
  };
  const jobsOf = (kind: string) => db.job.count({ where: { kind } });

  it("the insights recompute and the privacy apply: one job each, every caller given it", async () => {
    const recomputes = await startedOnBoth("/api/admin/insight-settings/recompute");
    expect(new Set(recomputes.map((answer) => answer.jobId)).size).toBe(1);
    expect(await jobsOf(RECOMPUTE_JOB_KIND)).toBe(1);
    const applies = await startedOnBoth("/api/admin/privacy/apply");
    expect(new Set(applies.map((answer) => answer.jobId)).size).toBe(1);
    expect(await jobsOf(REDACTION_JOB_KIND)).toBe(1);
    for (const jobId of [recomputes[0].jobId, applies[0].jobId]) {
      await eventually(async () => (await db.job.findUniqueOrThrow({ where: { id: jobId } })).status === "succeeded", `job ${jobId} done`);
    }
  });

  it("an erasure of the same transcripts: one job", async () => {
    const erasures = await startedOnBoth("/api/admin/transcripts/erase", { ids: ["cluster-2"], reason: "Asked twice", expectedCount: 1 });
    expect(new Set(erasures.map((answer) => answer.jobId)).size).toBe(1);
    expect(await jobsOf(ERASURE_JOB_KIND)).toBe(1);
  });

  it("retention by both schedulers and cron calls on both: one pass", async () => {
    const privacy = (await api(a, "GET", "/api/admin/privacy", { token: adminToken })).body;
    expect((await api(a, "PUT", "/api/admin/privacy", { token: adminToken, body: { ...privacy, retentionDays: 3650 } })).status).toBe(200);
    const answers = await Promise.all([cron(a), cron(b), cron(a), cron(b)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await jobsOf(RETENTION_JOB_KIND)).toBe(1);
  });

  it("a source's sync from clicks and cron calls on both: one run, each transcript fetched once", async () => {
    const fake = await startFakeVoiceflow({ count: 120, days: 3, endMs: Date.now() - 60_000, seed: "cluster-once" });
    fakes.push(fake);
    const source = await api(a, "POST", "/api/admin/sources", {
      token: adminToken,
      body: {
        name: "Once",
        kind: "voiceflow-v1",
        projectId: fake.projectId,
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        startDate: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(source.status).toBe(201);
    const sourceId = source.body.id;
    const clicks = await Promise.all(
      [a, b, a, b].map((server) => api(server, "POST", `/api/admin/sources/${sourceId}/sync`, { token: adminToken })),
    );
    await Promise.all([cron(a), cron(b)]);
    expect(new Set(clicks.map((res) => res.body.runId)).size).toBe(1);
    const runId = clicks[0].body.runId;
    await eventually(async () => (await db.syncRun.findUniqueOrThrow({ where: { id: runId } })).status !== "running", "the run ended");
    expect(await db.syncRun.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ status: "succeeded", created: 120 });
    expect(await db.syncRun.count({ where: { sourceId } })).toBe(1);
    expect(fake.calls.detail).toBe(120);
  });
});

it("a run whose instance is killed mid-step is finished by the other, nothing lost or stored twice", async () => {
  const count = 300;
  const fake = await startFakeVoiceflow({ count, days: 3, endMs: Date.now() - 60_000, seed: "cluster-kill" });
  fakes.push(fake);
  // A slow platform: the run takes many steps, and a step is under way when the instance dies.
  fake.switches.detailDelayMs = 30;
  const source = await api(a, "POST", "/api/admin/sources", {
    token: adminToken,
    body: {
      name: "Killed",
      kind: "voiceflow-v2",
      projectId: fake.projectId,
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      startDate: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  const sourceId = source.body.id;
  const runId = (await api(a, "POST", `/api/admin/sources/${sourceId}/sync`, { token: adminToken })).body.runId;
  // Whichever instance steps it once it has fetched some transcripts is killed.
  let holder: RunningServer | undefined;
  await eventually(async () => {
    const job = await db.job.findUniqueOrThrow({ where: { id: runId } });
    holder = [a, b].find((server) => job.leaseOwner?.startsWith(`${server.pid}-`));
    return holder !== undefined && fake.calls.detail >= 20 && fake.calls.detail < count;
  }, "an instance stepping the run");
  process.kill(-holder!.pid, "SIGKILL");
  const detailsAtKill = fake.calls.detail;
  const survivor = holder === a ? b : a;
  // Its lease runs out (JOB_LEASE_SECONDS); the survivor's scheduler or cron calls go on from the cursor.
  await eventually(
    async () => {
      if ((await db.syncRun.findUniqueOrThrow({ where: { id: runId } })).status !== "running") return true;
      await cron(survivor);
      return false;
    },
    "the survivor finished the run",
    120,
  );
  const run = await db.syncRun.findUniqueOrThrow({ where: { id: runId } });
  expect(run.status).toBe("succeeded");
  expect(fake.calls.detail).toBeGreaterThan(detailsAtKill);
  expect(run.created + run.unchanged + run.updated).toBe(count);
  expect(await db.transcript.count({ where: { id: { in: fake.transcripts.map((t) => t._id) } } })).toBe(count);
  expect(await db.sourceTranscript.count({ where: { sourceId } })).toBe(count);
  // The survivor serves them.
  const listed = await api(survivor, "GET", "/api/transcripts", {
    token: adminToken,
    query: { startTime: new Date(Date.now() - 4 * 86_400_000).toISOString(), endTime: new Date().toISOString(), source: sourceId },
  });
  expect(listed.body.total).toBe(count);
});
