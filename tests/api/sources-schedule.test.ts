// What drives the sync, on both databases: the server's own scheduler (a timer whose ticks run the
// cron endpoint's work through the database, never twice for one due source, stopped on request),
// each call recorded so that the Sources page can tell when nothing syncs, and each source's next
// scheduled sync.
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as scheduleRoute from "@/app/api/admin/sources/schedule/route";
import * as cronRoute from "@/app/api/cron/sync/route";
import { db } from "@/lib/server/db";
import { runScheduledSyncs } from "@/lib/server/sources/start-sync";
import { startSyncScheduler } from "@/lib/server/sources/sync-scheduler";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, TEST_CRON_SECRET, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";

useSourcesEnvironment();

let adminToken: string;
let fake: FakeVoiceflow;
const NOW = Date.now();
const MINUTE = 60_000;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  fake = await startFakeVoiceflow({ count: 60, days: 3, endMs: NOW - MINUTE, seed: "schedule" });
});
afterAll(() => fake.close());
afterEach(async () => {
  delete process.env.PORTAL_LISTEN_HOST;
  delete process.env.SYNC_SCHEDULER;
  delete process.env.SYNC_INTERVAL_MINUTES;
  // Each test adds its own sources.
  await db.source.updateMany({ data: { paused: true } });
});

async function addSource(name: string, platform = fake): Promise<string> {
  const res = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
    token: adminToken,
    body: { name, kind: "voiceflow-v1", projectId: platform.projectId, apiKey: platform.apiKey, baseUrl: platform.baseUrl },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}
const schedule = async () => (await call(scheduleRoute.GET, "GET", "/api/admin/sources/schedule", { token: adminToken })).body;
const sourceOf = async (sourceId: string) =>
  (await call(sourcesRoute.GET, "GET", "/api/admin/sources", { token: adminToken })).body.find((s: { id: string }) => s.id === sourceId);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let tries = 0; tries < 600; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe("how the sync is driven", () => {
  it("says that nothing syncs until a scheduler or the cron endpoint drives it", async () => {
    expect(await schedule()).toEqual({ scheduler: false, intervalMinutes: 15, lookbackDays: 7, lastCall: null, stalled: true });

    const cron = await call(cronRoute.GET, "GET", "/api/cron/sync", { headers: { authorization: `Bearer ${TEST_CRON_SECRET}` } });
    expect(cron.status).toBe(200);
    expect(await schedule()).toEqual({
      scheduler: false,
      intervalMinutes: 15,
      lookbackDays: 7,
      lastCall: { driver: "cron", at: expect.any(String) },
      stalled: false,
    });
    // Two intervals without a call: nothing is syncing again.
    await db.syncCall.updateMany({ data: { at: new Date(Date.now() - 31 * MINUTE) } });
    expect(await schedule()).toMatchObject({ lastCall: { driver: "cron" }, stalled: true });

    // A server started by npm start runs its scheduler, unless SYNC_SCHEDULER=off.
    process.env.PORTAL_LISTEN_HOST = "127.0.0.1";
    expect(await schedule()).toMatchObject({ scheduler: true, stalled: false });
    process.env.SYNC_SCHEDULER = "off";
    expect(await schedule()).toMatchObject({ scheduler: false, stalled: true });

    const { token } = await signedInUser();
    expect((await call(scheduleRoute.GET, "GET", "/api/admin/sources/schedule", { token })).status).toBe(403);
  });

  it("gives each source its next sync: at once for a new one, an interval after its last run, none while paused", async () => {
    const sourceId = await addSource("Next sync");
    const added = await sourceOf(sourceId);
    expect(Date.parse(added.nextSyncAt)).toBeGreaterThanOrEqual(Date.parse(added.createdAt));
    expect(Date.parse(added.nextSyncAt)).toBeLessThanOrEqual(Date.now());

    const { runs } = await runScheduledSyncs({ driver: "cron" });
    const run = runs.find((one) => one.sourceId === sourceId)!;
    await syncToEnd(run.id);
    const synced = await sourceOf(sourceId);
    expect(synced.nextSyncAt).toBe(new Date(Date.parse(run.startedAt) + 15 * MINUTE).toISOString());

    await db.source.update({ where: { id: sourceId }, data: { paused: true } });
    expect((await sourceOf(sourceId)).nextSyncAt).toBeNull();
  });
});

describe("the scheduler", () => {
  it("syncs a new source by itself, records its ticks, and stops when asked", async () => {
    process.env.SYNC_INTERVAL_MINUTES = "0.01";
    const own = await startFakeVoiceflow({ count: 40, days: 3, endMs: NOW - MINUTE, seed: "scheduled" });
    const sourceId = await addSource("Scheduled", own);
    const scheduler = startSyncScheduler();
    try {
      const run = await until(
        () => db.syncRun.findFirst({ where: { sourceId, status: "succeeded" } }),
        (found) => found !== null,
        "a scheduled run",
      );
      expect(run).toMatchObject({ trigger: "schedule", fetched: 40, created: 40 });
      expect(await db.syncCall.findUnique({ where: { driver: "scheduler" } })).not.toBeNull();
    } finally {
      await scheduler.stop();
      await own.close();
    }
    // Stopped: no tick records itself any more (ticks come every 0.6 s).
    const last = (await db.syncCall.findUniqueOrThrow({ where: { driver: "scheduler" } })).at;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await db.syncCall.findUniqueOrThrow({ where: { driver: "scheduler" } })).at).toEqual(last);
  }, 90_000);

  it("runs a due source once when several instances tick at the same moment", async () => {
    const sourceId = await addSource("Contended");
    const ticks = await Promise.all([1, 2, 3].map(() => runScheduledSyncs({ driver: "scheduler", budgetMs: 1 })));
    const runs = await db.syncRun.findMany({ where: { sourceId } });
    expect(runs).toHaveLength(1);
    expect(ticks.flatMap((tick) => tick.runs).every((run) => run.sourceId === sourceId)).toBe(true);
    await syncToEnd(runs[0].id);
    // Not due again within the interval, whichever instance looks.
    await Promise.all([1, 2].map(() => runScheduledSyncs({ driver: "scheduler", budgetMs: 1 })));
    expect(await db.syncRun.count({ where: { sourceId } })).toBe(1);
  });
});
