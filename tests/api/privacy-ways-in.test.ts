// Redaction and erasure at every way in (the ingest API, the sync from the platform, `npm run import`): a
// transcript erased on request is not stored again when the platform sends it again, and one
// created before the retention limit in force is not stored at all; both are counted as skipped
// where the way in counts. The sync keeps the keyed hashes of the addresses it redacts, as the
// other ways in do (privacy-erasure-by-person.test.ts). SQLite and PostgreSQL.
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as eraseRoute from "@/app/api/admin/transcripts/erase/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import * as runsRoute from "@/app/api/admin/sources/[sourceId]/runs/route";
import * as byPersonRoute from "@/app/api/admin/transcripts/by-person/route";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { recordErasedTranscripts } from "@/lib/server/privacy/erased-transcripts";
import { deleteTranscripts } from "@/lib/server/store";
import { storeRead } from "@/lib/server/store/active-database";
import { sql, toNumber } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { runScript } from "../helpers/run-script";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { rollupsAndRecount } from "../helpers/rollup-recount";
import { legacyTranscript } from "./transcripts-test-data";

// The import command starts a TypeScript process; the machine may be busy.
jest.setTimeout(240_000);
useSourcesEnvironment();

const DAY_MS = 86_400_000;
const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

let adminToken: string;
let key: string;
const fakes: FakeVoiceflow[] = [];

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  key = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Ways in" } })).body.key;
});
afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

const record = (id: string, createdAt: string, words = "where is my parcel") =>
  legacyTranscript({ id, createdAt, turns: [`user: ${words}`, "It left the depot."] });
const ingest = (body: unknown) =>
  call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers: { authorization: `Bearer ${key}` } });
const erase = (ids: string[]) =>
  call(eraseRoute.POST, "POST", "/api/admin/transcripts/erase", {
    token: adminToken,
    body: { ids, reason: "Asked to be forgotten", expectedCount: ids.length },
  });
const setRetention = async (retentionDays: number | null) => {
  const res = await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", {
    token: adminToken,
    body: { ...DEFAULT_PRIVACY_SETTINGS, retentionDays },
  });
  expect(res.status).toBe(200);
};
const stored = async (ids: string[]) =>
  (await db.transcript.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((row) => row.id).sort();
const listedWord = async (word: string) =>
  toNumber((await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" FROM "SearchWord" WHERE "word" = ${word}`))[0].n);

function exportFile(records: Record<string, unknown>[]): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "ways-in-")), "export.json");
  writeFileSync(file, JSON.stringify(records));
  return file;
}

async function platformSource(seed: string, count: number, days: number): Promise<{ fake: FakeVoiceflow; sourceId: string }> {
  const fake = await startFakeVoiceflow({ count, days, endMs: NOW - 60_000, seed });
  fakes.push(fake);
  const res = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
    token: adminToken,
    body: {
      name: `Platform ${seed}`,
      kind: "voiceflow-v2",
      projectId: fake.projectId,
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      startDate: new Date(NOW - (days + 2) * DAY_MS).toISOString().slice(0, 10),
    },
  });
  expect(res.status).toBe(201);
  return { fake, sourceId: res.body.id as string };
}

/** One run of the source to its end (its lookback holds the most recent transcripts). */
async function sync(sourceId: string) {
  const started = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token: adminToken, params: { sourceId } });
  expect(started.status).toBe(202);
  await syncToEnd(started.body.runId);
  return (await call(runsRoute.GET, "GET", `/api/admin/sources/${sourceId}/runs`, { token: adminToken, params: { sourceId } })).body[0];
}

describe("a transcript erased on request", () => {
  it("is remembered by id only, and not stored again when the ingest API sends it again", async () => {
    expect((await ingest([record("erased-1", daysAgo(1)), record("erased-2", daysAgo(1)), record("kept-1", daysAgo(1))])).body).toEqual({
      imported: 3,
      updated: 0,
      rejected: [],
    });
    expect((await erase(["erased-1", "erased-2"])).body).toEqual({ deleted: 2 });
    const remembered = await db.erasedTranscript.findMany({ orderBy: { id: "asc" } });
    expect(remembered.map((row) => Object.keys(row).sort())).toEqual([
      ["erasedAt", "id"],
      ["erasedAt", "id"],
    ]);
    expect(remembered.map((row) => row.id)).toEqual(["erased-1", "erased-2"]);

    // A retry of the erased ones alone: answered 200 (not "nothing could be stored"), nothing stored.
    const retried = await ingest([record("erased-1", daysAgo(1)), record("erased-2", daysAgo(1))]);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ imported: 0, updated: 0, rejected: [], skipped: 2 });
    const mixed = await ingest([
      record("kept-1", daysAgo(1)),
      record("erased-1", daysAgo(1), "quokkaword resent"),
      record("new-1", daysAgo(1)),
    ]);
    expect(mixed.body).toEqual({ imported: 1, updated: 1, rejected: [], skipped: 1 });
    expect(await stored(["erased-1", "erased-2", "kept-1", "new-1"])).toEqual(["kept-1", "new-1"]);
    // Nothing of the skipped record reaches the search rows either.
    expect(await listedWord("quokkaword")).toBe(0);

    const { stored: rollups, recounted } = await rollupsAndRecount();
    expect(rollups).toEqual(recounted);
  });

  it("is not stored again when the sync's overlap reads it again", async () => {
    const { fake, sourceId } = await platformSource("erased-sync", 60, 5);
    expect(await sync(sourceId)).toMatchObject({ status: "succeeded", fetched: 60, created: 60, rejectedCount: 0 });
    const recent = [...fake.transcripts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, 2);
    const recentIds = recent.map((t) => t._id);
    expect(await stored(recentIds)).toEqual([...recentIds].sort());
    expect((await erase(recentIds)).body).toEqual({ deleted: 2 });

    const detailsBefore = fake.calls.detail;
    const run = await sync(sourceId);
    // The platform sent them again (fetched as not stored), and they were not stored.
    expect(fake.calls.detail - detailsBefore).toBeGreaterThanOrEqual(2);
    expect(run).toMatchObject({ status: "succeeded", created: 0, updated: 0, rejectedCount: 0 });
    expect(await stored(recentIds)).toEqual([]);
    expect(await db.transcript.count({ where: { id: { in: fake.transcripts.map((t) => t._id) } } })).toBe(58);
  });

  it("is found by person after the sync redacted its address", async () => {
    const { fake, sourceId } = await platformSource("person-sync", 40, 5);
    expect(await sync(sourceId)).toMatchObject({ status: "succeeded", created: 40, rejectedCount: 0 });
    const holding = fake.transcripts.filter((t) => /\b[a-z]+\d+@example\.com\b/.test(JSON.stringify(t)));
    expect(holding.length).toBeGreaterThan(0);
    const address = JSON.stringify(holding[0]).match(/\b[a-z]+\d+@example\.com\b/)![0];
    const storedSource = await db.transcript.findUniqueOrThrow({ where: { id: holding[0]._id }, select: { source: true } });
    expect(storedSource.source).not.toContain(address);
    const found = await call(byPersonRoute.GET, "GET", "/api/admin/transcripts/by-person", {
      token: adminToken,
      query: { email: address },
    });
    expect(found.body.ids).toContain(holding[0]._id);
  });

  it("is not stored again by `npm run import` of an old export file, which counts it as skipped", async () => {
    await ingest([record("import-erased", daysAgo(2))]);
    expect((await erase(["import-erased"])).body).toEqual({ deleted: 1 });
    const file = exportFile([
      record("import-erased", daysAgo(2), "wombatword from the old export"),
      record("import-new", daysAgo(2)),
      record("erased-1", daysAgo(1)),
    ]);
    const result = runScript("import", [file]);
    expect(result.output).toMatch(
      /Imported 1 transcripts from 1 file: 1 new, 0 updated, 0 rejected, 2 skipped \(erased on request or past retention\)/,
    );
    expect(result.code).toBe(0);
    expect(await stored(["import-erased", "import-new", "erased-1"])).toEqual(["import-new"]);
    expect(await listedWord("wombatword")).toBe(0);
  });
});

describe("recordErasedTranscripts", () => {
  it("keeps the first time of an id remembered already, also when two erasures record at once", async () => {
    const first = (await db.erasedTranscript.findUniqueOrThrow({ where: { id: "erased-1" } })).erasedAt;
    const later = new Date(first.getTime() + 60_000);
    const ids = Array.from({ length: 2_500 }, (_, i) => `remembered-${i}`);
    await Promise.all([recordErasedTranscripts(["erased-1", ...ids], later), recordErasedTranscripts([...ids].reverse(), later)]);
    expect((await db.erasedTranscript.findUniqueOrThrow({ where: { id: "erased-1" } })).erasedAt).toEqual(first);
    expect(await db.erasedTranscript.count({ where: { id: { startsWith: "remembered-" } } })).toBe(ids.length);
    await db.erasedTranscript.deleteMany({ where: { id: { startsWith: "remembered-" } } });
  });
});

describe("retention at the door", () => {
  afterAll(() => setRetention(null));

  it("stores no transcript past the retention limit in force, by the ingest API", async () => {
    await setRetention(30);
    const res = await ingest([
      record("old-ingest", daysAgo(31)),
      record("recent-ingest", daysAgo(29)),
      record("older-ingest", daysAgo(400)),
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 1, updated: 0, rejected: [], skipped: 2 });
    expect(await stored(["old-ingest", "recent-ingest", "older-ingest"])).toEqual(["recent-ingest"]);
    // Only past retention: nothing of it is remembered as erased, and without retention it is stored.
    expect(await db.erasedTranscript.count({ where: { id: { in: ["old-ingest", "older-ingest"] } } })).toBe(0);
    await setRetention(null);
    expect((await ingest([record("old-ingest", daysAgo(31))])).body).toEqual({ imported: 1, updated: 0, rejected: [] });
    expect(await deleteTranscripts(["old-ingest"])).toBe(1);
  });

  it("stores no transcript past the retention limit by the sync, and every recent one", async () => {
    await setRetention(3);
    const { fake, sourceId } = await platformSource("retention-sync", 80, 8);
    const run = await sync(sourceId);
    expect(run).toMatchObject({ status: "succeeded", fetched: 80, rejectedCount: 0 });
    // Away from the cut-off by an hour either side, whatever the minutes the run took.
    const cutoff = NOW - 3 * DAY_MS;
    const older = fake.transcripts.filter((t) => Date.parse(t.createdAt) < cutoff - 3_600_000).map((t) => t._id);
    const newer = fake.transcripts.filter((t) => Date.parse(t.createdAt) > cutoff + 3_600_000).map((t) => t._id);
    expect(older.length).toBeGreaterThan(10);
    expect(newer.length).toBeGreaterThan(10);
    expect(await stored(older)).toEqual([]);
    expect(await stored(newer)).toEqual([...newer].sort());
    expect(run.created).toBe(await db.transcript.count({ where: { id: { in: fake.transcripts.map((t) => t._id) } } }));
  });

  it("stores no transcript past the retention limit by `npm run import`", async () => {
    await setRetention(30);
    const file = exportFile([record("old-import", daysAgo(45)), record("recent-import", daysAgo(5))]);
    const result = runScript("import", [file]);
    expect(result.output).toMatch(/Imported 1 transcripts from 1 file: 1 new, 0 updated, 0 rejected, 1 skipped/);
    expect(result.code).toBe(0);
    expect(await stored(["old-import", "recent-import"])).toEqual(["recent-import"]);
    const { stored: rollups, recounted } = await rollupsAndRecount();
    expect(rollups).toEqual(recounted);
  });
});
