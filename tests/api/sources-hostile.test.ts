// A hostile or broken platform never stalls a source, on both databases: more than a millisecond's
// worth of transcripts created in one millisecond, an answer that trickles forever (the retry cap
// holds across the run's steps; Test connection answers within its limit), a source that fails
// with the same error run after run (paused with the reason, audited), and a project read through
// the wrong API version (the message names the other one).
import * as sourceRoute from "@/app/api/admin/sources/[sourceId]/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import { db } from "@/lib/server/db";
import { startDueSyncs } from "@/lib/server/sources/start-sync";
import { createdAtMsOfSortKey, SORT_KEY_SPREAD } from "@/lib/server/store/sort-key";
import { call } from "../helpers/api-client";
import { syncToEnd, useSourcesAdmin, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { rollupsAndRecount } from "../helpers/rollup-recount";

useSourcesEnvironment();

const admin = useSourcesAdmin({ days: 5, historyDays: 10 });
const { now: NOW, addSource, syncNow, lastRun, testConnection, sourceOf } = admin;
const platform = (seed: string, count = 40) => admin.platform(seed, count);
const patch = (sourceId: string, body: Record<string, unknown>) =>
  call(sourceRoute.PATCH, "PATCH", `/api/admin/sources/${sourceId}`, { token: admin.token(), params: { sourceId }, body });

function withEnv(values: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

it("stores every one of more transcripts than a millisecond holds keys for, all created in that millisecond", async () => {
  const fake = await platform("flood", 20);
  const atMs = Math.floor((NOW - 2 * 86_400_000) / 1000) * 1000 + 123;
  const flood = fake.flood(SORT_KEY_SPREAD + 76, atMs);
  const sourceId = await addSource(fake);
  await syncToEnd(await syncNow(sourceId));
  expect(await lastRun(sourceId)).toMatchObject({
    status: "succeeded",
    fetched: 20 + flood.length,
    created: 20 + flood.length,
    rejectedCount: 0,
  });
  const stored = await db.transcript.findMany({
    where: { id: { in: flood.map((t) => t._id) } },
    select: { createdAt: true, sortKey: true },
  });
  expect(stored).toHaveLength(flood.length);
  // Each stored at the millisecond its key is of: the first 1,024 at their own, the others just after.
  for (const row of stored) expect(createdAtMsOfSortKey(Number(row.sortKey))).toBe(row.createdAt.getTime());
  expect(stored.filter((row) => row.createdAt.getTime() === atMs)).toHaveLength(SORT_KEY_SPREAD);
  expect(stored.filter((row) => row.createdAt.getTime() === atMs + 1)).toHaveLength(76);
  const check = await rollupsAndRecount();
  expect(check.stored).toEqual(check.recounted);

  // Listed again (the lookback), nothing is fetched or stored twice.
  await syncToEnd(await syncNow(sourceId));
  expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: 20 + flood.length });
  expect(await db.sourceTranscript.count({ where: { sourceId } })).toBe(20 + flood.length);
  expect(await db.transcript.count()).toBe(20 + flood.length);
}, 120_000);

it("ends a run whose platform trickles its answers, at the retry cap across steps, with the reason", async () => {
  const fake = await platform("trickle");
  const sourceId = await addSource(fake);
  // Each answer sends a byte every 50 ms and never ends: only a limit on the whole request stops
  // it. A step's budget holds an attempt or two and not the waits between all six, so that the
  // run gets to its retry cap only if the attempts count across steps.
  fake.switches.trickle = { requests: "list", everyMs: 50 };
  const restore = withEnv({ SOURCES_REQUEST_TIMEOUT_SECONDS: "0.3" });
  try {
    const runId = await syncNow(sourceId);
    const calls = await syncToEnd(runId, 1_000, 60);
    expect(calls).toBeGreaterThan(1);
  } finally {
    restore();
  }
  expect(await lastRun(sourceId)).toMatchObject({ status: "failed", error: "The platform could not be reached (no answer in time)" });
  expect(await sourceOf(sourceId)).toMatchObject({ status: "failed" });
}, 120_000);

it("answers Test connection within its limit however long the platform trickles", async () => {
  const fake = await platform("trickle-test");
  const sourceId = await addSource(fake);
  fake.switches.trickle = { requests: "all", everyMs: 500 };
  // A request alone could take two minutes: the test's own limit cuts it.
  const restore = withEnv({ SOURCES_REQUEST_TIMEOUT_SECONDS: "120" });
  try {
    expect(await testConnection(sourceId)).toEqual({ ok: false, found: null, message: "The platform did not answer within 20 seconds" });
  } finally {
    restore();
  }
}, 60_000);

it("pauses a source after three runs in a row fail with the same error, says why, and resumes on request", async () => {
  const fake = await platform("refusing");
  const sourceId = await addSource(fake);
  fake.switches.revokeKeyAfter = 0;
  for (let run = 1; run <= 3; run++) {
    await syncToEnd(await syncNow(sourceId));
    expect(await lastRun(sourceId)).toMatchObject({ status: "failed", error: expect.stringMatching(/refused the API key/) });
    expect((await sourceOf(sourceId)).paused).toBe(run === 3);
  }
  const paused = await sourceOf(sourceId);
  expect(paused.pausedReason).toBe("3 runs in a row failed: The platform refused the API key (wrong or revoked key)");
  expect(paused.nextSyncAt).toBeNull();
  const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "source.update", targetId: sourceId } });
  expect(audit).toMatchObject({ actorId: null, actorEmail: "sync" });
  expect(JSON.parse(audit.details!)).toEqual({ paused: true, reason: paused.pausedReason });
  // The scheduler leaves it alone; Sync now is refused until it is resumed.
  await db.syncRun.updateMany({ where: { sourceId }, data: { startedAt: new Date(NOW - 86_400_000) } });
  await startDueSyncs();
  expect(await db.syncRun.count({ where: { sourceId } })).toBe(3);
  const refused = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token: admin.token(), params: { sourceId } });
  expect(refused.status).toBe(409);

  fake.switches.revokeKeyAfter = undefined;
  const resumed = await patch(sourceId, { paused: false });
  expect(resumed.body).toMatchObject({ paused: false, pausedReason: null });
  await syncToEnd(await syncNow(sourceId));
  expect(await lastRun(sourceId)).toMatchObject({ status: "succeeded" });
});

it("does not pause a source whose failures differ", async () => {
  const fake = await platform("varied-failures");
  const sourceId = await addSource(fake);
  fake.switches.revokeKeyAfter = 0;
  await syncToEnd(await syncNow(sourceId));
  await syncToEnd(await syncNow(sourceId));
  fake.switches.revokeKeyAfter = undefined;
  fake.switches.onlyApi = "voiceflow-v2";
  await syncToEnd(await syncNow(sourceId));
  expect(await lastRun(sourceId)).toMatchObject({ status: "failed" });
  expect(await sourceOf(sourceId)).toMatchObject({ paused: false, pausedReason: null });
});

describe.each([
  ["voiceflow-v1", "voiceflow-v2", "The Transcripts API (v1) does not know this project, but the Legacy transcripts API (v2) does"],
  ["voiceflow-v2", "voiceflow-v1", "The Legacy transcripts API (v2) does not know this project, but the Transcripts API (v1) does"],
] as const)("a %s source of a %s project", (chosen, actual, explanation) => {
  it("names the other API version as the fix, in the test and in the run", async () => {
    const fake = await platform(`wrong-version-${chosen}`);
    fake.switches.onlyApi = actual;
    const sourceId = await addSource(fake, chosen);
    const message = `${explanation}: choose that API version`;
    expect(await testConnection(sourceId)).toEqual({ ok: false, found: null, message });
    await syncToEnd(await syncNow(sourceId));
    expect(await lastRun(sourceId)).toMatchObject({ status: "failed", error: message });

    const fixed = await patch(sourceId, { kind: actual });
    expect(fixed.status).toBe(200);
    expect(await testConnection(sourceId)).toMatchObject({ ok: true });
  });

  it("still says to check the project ID when neither version knows it", async () => {
    const fake = await platform(`unknown-project-${chosen}`);
    fake.switches.onlyApi = actual;
    const sourceId = await addSource(fake, chosen);
    await patch(sourceId, { projectId: "000000000000000000000000" });
    expect(await testConnection(sourceId)).toEqual({
      ok: false,
      found: null,
      message: "The platform does not know this project (check the project ID)",
    });
  });
});
