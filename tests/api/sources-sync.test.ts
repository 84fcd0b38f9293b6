// Syncing from the fake platform, on both databases: both APIs, incremental runs (each lists the
// lookback again: unchanged transcripts are not fetched again, a days-old conversation that went on
// is), the platform misbehaving (429 with Retry-After, intermittent 500, a hung connection,
// malformed items, a key that stops working), a crash in the middle, two runners at once, and the
// cron endpoint (GET and POST) with its time budget.
import * as cronRoute from "@/app/api/cron/sync/route";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { SYNC_JOB_KIND } from "@/lib/server/sources/sync-job";
import { call } from "../helpers/api-client";
import { withStepsTaking } from "../helpers/job-clock";
import type { FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, TEST_CRON_SECRET, useSourcesAdmin, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { rollupsAndRecount } from "../helpers/rollup-recount";

useSourcesEnvironment();

const { now: NOW, platform: startPlatform, addSource, syncNow, lastRun, sourceOf } = useSourcesAdmin({ days: 12, historyDays: 20 });
const platform = (seed: string, count = 250) => startPlatform(seed, count);

const storedIds = async (fake: FakeVoiceflow) =>
  (await db.transcript.findMany({ where: { id: { in: fake.transcripts.map((t) => t._id) } }, select: { id: true } })).length;

describe.each(["voiceflow-v1", "voiceflow-v2"] as const)("%s", (kind) => {
  it("syncs every transcript, then only what is new or updated", async () => {
    const fake = await platform(`incremental-${kind}`);
    const sourceId = await addSource(fake, kind);
    await syncToEnd(await syncNow(sourceId));
    expect(await lastRun(sourceId)).toMatchObject({
      status: "succeeded",
      fetched: 250,
      created: 250,
      updated: 0,
      unchanged: 0,
      rejectedCount: 0,
      progress: 1,
    });
    expect(await storedIds(fake)).toBe(250);
    const stored = await db.transcript.findUniqueOrThrow({ where: { id: fake.transcripts[10]._id } });
    expect(stored.messageCount).toBeGreaterThan(0);
    expect(await db.sourceTranscript.count({ where: { sourceId } })).toBe(250);

    // A conversation created three days ago goes on today in the same web-chat session (a new
    // launch and more turns, its updatedAt moves): the next run lists the last 7 days again and
    // fetches it alone.
    const threeDaysAgo = NOW - 3 * 86_400_000;
    const resumed = fake.transcripts.reduce((closest, t) =>
      Math.abs(Date.parse(t.createdAt) - threeDaysAgo) < Math.abs(Date.parse(closest.createdAt) - threeDaysAgo) ? t : closest,
    );
    const before = await db.transcript.findUniqueOrThrow({ where: { id: resumed._id } });
    fake.update(resumed._id, Date.now() - 1_000);
    const detailsBefore = fake.calls.detail;
    const secondRunId = await syncNow(sourceId);
    await syncToEnd(secondRunId);
    const second = await lastRun(sourceId);
    const window = await db.syncRun.findUniqueOrThrow({ where: { id: secondRunId } });
    expect(window.windowEnd.getTime() - window.windowStart.getTime()).toBe(7 * 86_400_000);
    const lookedAt = fake.transcripts.filter(
      (t) => Date.parse(t.createdAt) >= window.windowStart.getTime() && Date.parse(t.createdAt) < window.windowEnd.getTime(),
    ).length;
    expect(second).toMatchObject({
      status: "succeeded",
      fetched: lookedAt,
      created: 0,
      updated: 1,
      unchanged: lookedAt - 1,
      rejectedCount: 0,
    });
    expect(fake.calls.detail - detailsBefore).toBe(1);
    const updated = await db.transcript.findUniqueOrThrow({ where: { id: resumed._id } });
    expect(updated.updatedAt.toISOString()).toBe(resumed.updatedAt);
    expect(updated.messageCount).toBe(before.messageCount + 3);
    expect(updated.source).toContain("one more question");
    expect(await storedIds(fake)).toBe(250);

    // Nothing moved: the next run fetches nothing.
    const unchangedBefore = fake.calls.detail;
    await syncToEnd(await syncNow(sourceId));
    expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: lookedAt });
    expect(fake.calls.detail).toBe(unchangedBefore);
  });

  it("rides out 429 with Retry-After, intermittent 500s and a hung connection", async () => {
    const fake = await platform(`flaky-${kind}`, 120);
    fake.switches.rateLimitEvery = { n: 17, retryAfterSeconds: 0.05 };
    fake.switches.failEvery = 7;
    fake.switches.hangOnce = new Set([fake.transcripts[3]._id, fake.transcripts[50]._id]);
    const sourceId = await addSource(fake, kind);
    await syncToEnd(await syncNow(sourceId));
    expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded", fetched: 120, created: 120, rejectedCount: 0 });
    expect(fake.switches.hangOnce.size).toBe(0);
    expect(await storedIds(fake)).toBe(120);
  });

  it("records malformed items as rejected with their reasons and stores the rest", async () => {
    const fake = await platform(`malformed-${kind}`, 60);
    const bad = fake.transcripts[5]._id;
    fake.switches.malformedDetails = new Set([bad]);
    fake.switches.malformedListEntry = true;
    const sourceId = await addSource(fake, kind);
    await syncToEnd(await syncNow(sourceId));
    const run = await lastRun(sourceId);
    expect(run).toMatchObject({ status: "succeeded", created: 59 });
    expect(run.rejected).toEqual(
      expect.arrayContaining([
        { transcriptId: "(none)", reason: expect.stringMatching(/without/) },
        { transcriptId: bad, reason: expect.any(String) },
      ]),
    );
    expect(run.rejectedCount).toBe(run.rejected.length);
    expect(await storedIds(fake)).toBe(59);
  });
});

it("fails a run whose key stops working, and the next run completes it without duplicates", async () => {
  const fake = await platform("revoked-key", 300);
  const sourceId = await addSource(fake, "voiceflow-v1");
  fake.switches.revokeKeyAfter = 120;
  await syncToEnd(await syncNow(sourceId));
  const failed = await lastRun(sourceId);
  expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/refused the API key/) });
  expect(await sourceOf(sourceId)).toMatchObject({ status: "failed" });
  const partly = await storedIds(fake);
  expect(partly).toBeGreaterThan(0);
  expect(partly).toBeLessThan(300);

  fake.switches.revokeKeyAfter = undefined;
  await syncToEnd(await syncNow(sourceId));
  expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded", fetched: 300, created: 300 - partly, unchanged: partly });
  expect(await storedIds(fake)).toBe(300);
  const check = await rollupsAndRecount();
  expect(check.stored).toEqual(check.recounted);
});

it("resumes a run whose runner died from its cursor, and never lets two runners step one run", async () => {
  const fake = await platform("crash", 400);
  const sourceId = await addSource(fake, "voiceflow-v1");
  const runId = await syncNow(sourceId);
  // Two runners at once: exactly one takes the lease.
  const [a, b] = await Promise.all([runJob(runId, { budgetMs: 1, owner: "runner-a" }), runJob(runId, { budgetMs: 1, owner: "runner-b" })]);
  expect([a.claimed, b.claimed].sort()).toEqual([false, true]);
  // Runner "dead" holds the lease mid-run, as a crashed process would, until the lease expires.
  await db.job.update({ where: { id: runId }, data: { leaseOwner: "dead", leaseUntil: new Date(Date.now() + 60_000) } });
  expect((await runJob(runId, { budgetMs: 5_000 })).claimed).toBe(false);
  await db.job.update({ where: { id: runId }, data: { leaseUntil: new Date(Date.now() - 1) } });
  await syncToEnd(runId);
  const run = await lastRun(sourceId);
  expect(run).toMatchObject({ status: "succeeded", fetched: 400, created: 400, unchanged: 0 });
  expect(await storedIds(fake)).toBe(400);
});

describe("the cron endpoint", () => {
  const cron = (secret?: string, method: "GET" | "POST" = "POST") =>
    call(cronRoute[method], method, "/api/cron/sync", { headers: secret ? { authorization: `Bearer ${secret}` } : {} });

  it("refuses calls without the cron secret", async () => {
    expect((await cron()).status).toBe(401);
    expect((await cron(undefined, "GET")).status).toBe(401);
    expect((await cron("wrong-secret-wrong-secret")).status).toBe(401);
    const secret = process.env.CRON_SECRET;
    delete process.env.CRON_SECRET;
    try {
      expect((await cron("")).status).toBe(401);
    } finally {
      process.env.CRON_SECRET = secret;
    }
  });

  it("starts due sources and stops within its budget; the next calls go on from the cursor", async () => {
    await db.source.updateMany({ data: { paused: true } });
    const fake = await platform("cron", 600);
    const sourceId = await addSource(fake, "voiceflow-v1");
    process.env.SYNC_RUN_BUDGET_SECONDS = "0.05";
    try {
      // Each step takes the whole budget of 50 ms as it starts: one step a call, however busy the machine.
      await withStepsTaking(SYNC_JOB_KIND, 50, async () => {
        const first = await cron(TEST_CRON_SECRET);
        expect(first.status).toBe(200);
        expect(first.body.runs).toEqual([expect.objectContaining({ sourceId, status: "running", fetched: expect.any(Number) })]);
        expect(first.body.runs[0].fetched).toBeGreaterThan(0);
        expect(first.body.runs[0].fetched).toBeLessThan(600);
        let calls = 1;
        for (; calls < 100; calls++) {
          const next = await cron(TEST_CRON_SECRET);
          if (next.body.runs[0]?.status === "succeeded") break;
        }
        expect(calls).toBeGreaterThan(1);
      });
    } finally {
      delete process.env.SYNC_RUN_BUDGET_SECONDS;
    }
    expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded", trigger: "schedule", fetched: 600, created: 600 });
    // Not due again within SYNC_INTERVAL_MINUTES, and a serverless host's cron calls with GET.
    expect((await cron(TEST_CRON_SECRET)).body).toEqual({ runs: [] });
    const viaGet = await cron(TEST_CRON_SECRET, "GET");
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual({ runs: [] });
    expect(await storedIds(fake)).toBe(600);
  });
});
