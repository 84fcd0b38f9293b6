// The administrators' sources: adding a Voiceflow project (key sealed, never returned), changing,
// testing the connection against the fake platform, pausing, the audit log, and deleting with
// the transcripts it brought (analytics counts stay exact), on both databases.
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as sourceRoute from "@/app/api/admin/sources/[sourceId]/route";
import * as testRoute from "@/app/api/admin/sources/[sourceId]/test/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import * as runsRoute from "@/app/api/admin/sources/[sourceId]/runs/route";
import * as jobRoute from "@/app/api/admin/jobs/[jobId]/route";
import { db } from "@/lib/server/db";
import { rotateSourceKeys } from "@/lib/server/sources/rotate-source-keys";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { rollupsAndRecount } from "../helpers/rollup-recount";

useSourcesEnvironment();

let adminToken: string;
let fake: FakeVoiceflow;
const NOW = Date.now();

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  fake = await startFakeVoiceflow({ count: 150, days: 10, endMs: NOW - 60_000, seed: "sources-crud" });
});
afterAll(() => fake.close());

const as = (token = adminToken) => ({ token });
const create = (body: Record<string, unknown>) => call(sourcesRoute.POST, "POST", "/api/admin/sources", { ...as(), body });
const validSource = () => ({
  name: "Support bot",
  kind: "voiceflow-v1",
  projectId: fake.projectId,
  apiKey: fake.apiKey,
  baseUrl: fake.baseUrl,
  startDate: new Date(NOW - 30 * 86_400_000).toISOString().slice(0, 10),
});
const params = (sourceId: string) => ({ params: { sourceId } });

describe("adding and changing sources", () => {
  it("adds a source, never returns its key, and stores it sealed", async () => {
    const res = await create(validSource());
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Support bot",
      kind: "voiceflow-v1",
      projectId: fake.projectId,
      environmentId: null,
      baseUrl: fake.baseUrl,
      startDate: validSource().startDate,
      paused: false,
      pausedReason: null,
      lastSyncAt: null,
      nextSyncAt: expect.any(String),
      status: "idle",
      lastRun: null,
      createdAt: expect.any(String),
    });
    const listed = await call(sourcesRoute.GET, "GET", "/api/admin/sources", as());
    expect(listed.body.map((s: { id: string }) => s.id)).toContain(res.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(fake.apiKey);
    const stored = await db.source.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.apiKeySealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(stored.apiKeySealed).not.toContain(fake.apiKey);
    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "source.create", targetId: res.body.id } });
    expect(JSON.stringify(audit)).not.toContain(fake.apiKey);
  });

  it.each([
    ["an unknown kind", { kind: "dialogflow" }],
    ["a project id with a slash", { projectId: "a/b" }],
    ["a short key", { apiKey: "short" }],
    ["a file URL", { baseUrl: "file:///etc/passwd" }],
    ["a URL with credentials", { baseUrl: "http://user:pw@example.com" }],
    ["a malformed start date", { startDate: "2025-13-40" }],
    ["extra fields", { admin: true }],
  ])("refuses %s", async (_case, change) => {
    const res = await create({ ...validSource(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("refuses loopback and private hosts unless SOURCES_ALLOW_PRIVATE_HOSTS is set", async () => {
    process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "0";
    try {
      for (const baseUrl of [
        "http://127.0.0.1:9",
        "http://localhost:9",
        "http://10.1.2.3",
        "http://169.254.169.254",
        "http://[::1]:9",
        "http://[fd00::1]",
      ]) {
        const res = await create({ ...validSource(), baseUrl });
        expect({ baseUrl, status: res.status }).toEqual({ baseUrl, status: 400 });
        expect(res.body.message).toMatch(/private or loopback|could not be resolved/);
      }
    } finally {
      process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "1";
    }
  });

  it("refuses to save a source without an encryption key", async () => {
    const key = process.env.SOURCES_ENCRYPTION_KEY;
    delete process.env.SOURCES_ENCRYPTION_KEY;
    try {
      const res = await create(validSource());
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/SOURCES_ENCRYPTION_KEY/);
    } finally {
      process.env.SOURCES_ENCRYPTION_KEY = key;
    }
  });

  it("changes a source, pauses and resumes it, and records each change without the key", async () => {
    const { body: source } = await create({ ...validSource(), name: "To change" });
    const renamed = await call(sourceRoute.PATCH, "PATCH", `/api/admin/sources/${source.id}`, {
      ...as(),
      ...params(source.id),
      body: { name: "Changed", apiKey: "another-key-123456" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Changed");
    const paused = await call(sourceRoute.PATCH, "PATCH", `/api/admin/sources/${source.id}`, {
      ...as(),
      ...params(source.id),
      body: { paused: true },
    });
    expect(paused.body.paused).toBe(true);
    const refused = await call(syncRoute.POST, "POST", `/api/admin/sources/${source.id}/sync`, { ...as(), ...params(source.id) });
    expect(refused.status).toBe(409);
    const events = await db.auditEvent.findMany({ where: { targetId: source.id, action: "source.update" }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => JSON.parse(event.details!))).toEqual([{ name: "Changed", apiKey: "changed" }, { paused: true }]);
    expect(JSON.stringify(events)).not.toContain("another-key-123456");
    expect(
      (await call(sourceRoute.PATCH, "PATCH", "/api/admin/sources/nope", { ...as(), ...params("nope"), body: { paused: false } })).status,
    ).toBe(404);
    expect(
      (await call(sourceRoute.PATCH, "PATCH", `/api/admin/sources/${source.id}`, { ...as(), ...params(source.id), body: {} })).status,
    ).toBe(400);
  });

  it("is for administrators only", async () => {
    const { token } = await signedInUser();
    expect((await call(sourcesRoute.GET, "GET", "/api/admin/sources", { token })).status).toBe(403);
    expect((await call(sourcesRoute.GET, "GET", "/api/admin/sources")).status).toBe(401);
  });
});

describe("testing the connection", () => {
  const test = async (change: Record<string, unknown>) => {
    const { body: source } = await create({ ...validSource(), ...change });
    return call(testRoute.POST, "POST", `/api/admin/sources/${source.id}/test`, { ...as(), ...params(source.id) });
  };

  it.each(["voiceflow-v1", "voiceflow-v2"])("counts the last 7 days' transcripts through %s", async (kind) => {
    const expected = fake.transcripts.filter((t) => Date.parse(t.createdAt) >= Date.now() - 7 * 86_400_000).length;
    const res = await test({ kind });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, found: expected, message: `Connected: ${expected} transcripts in the last 7 days` });
  });

  it.each([
    ["a wrong key", { apiKey: "VF.DM.wrong-key-000000" }, /refused the API key/],
    ["an unknown project", { projectId: "000000000000000000000000" }, /does not know this project/],
    ["a host that does not answer", { baseUrl: "http://127.0.0.1:9" }, /could not be reached|did not answer/],
  ])("explains %s in plain words", async (_case, change, message) => {
    const res = await test(change);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, found: null, message: expect.stringMatching(message) });
  });
});

describe("deleting sources", () => {
  it("deletes a source and, when asked, the transcripts it brought, keeping the analytics counts exact", async () => {
    const { body: kept } = await create({ ...validSource(), name: "Kept" });
    const { body: doomed } = await create({ ...validSource(), name: "Doomed", kind: "voiceflow-v2" });
    // Only the doomed source syncs, so the transcripts all came through it.
    const run = await call(syncRoute.POST, "POST", `/api/admin/sources/${doomed.id}/sync`, { ...as(), ...params(doomed.id) });
    expect(run.status).toBe(202);
    await syncToEnd(run.body.runId);
    const job = await call(jobRoute.GET, "GET", `/api/admin/jobs/${run.body.runId}`, { ...as(), params: { jobId: run.body.runId } });
    expect(job.body).toMatchObject({ kind: "source-sync", status: "succeeded", done: fake.transcripts.length });
    const runs = await call(runsRoute.GET, "GET", `/api/admin/sources/${doomed.id}/runs`, { ...as(), ...params(doomed.id) });
    expect(runs.body[0]).toMatchObject({
      status: "succeeded",
      fetched: fake.transcripts.length,
      created: fake.transcripts.length,
      rejected: [],
    });
    const transcriptId = fake.transcripts[0]._id;
    await db.feedback.create({ data: { transcriptId, messageIndex: 0, feedbackType: "thumbs_up" } });
    const before = await rollupsAndRecount();
    expect(before.stored).toEqual(before.recounted);
    expect(before.stored.slots.length).toBeGreaterThan(0);

    const res = await call(sourceRoute.DELETE, "DELETE", `/api/admin/sources/${doomed.id}`, {
      ...as(),
      ...params(doomed.id),
      query: { withTranscripts: "true" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, transcriptsDeleted: fake.transcripts.length });
    expect(await db.transcript.count()).toBe(0);
    expect(await db.feedback.count({ where: { transcriptId } })).toBe(0);
    expect(await db.transcriptText.count()).toBe(0);
    const after = await rollupsAndRecount();
    expect(after.stored).toEqual(after.recounted);
    expect(after.stored.slots).toEqual([]);
    expect(await db.syncRun.count({ where: { sourceId: doomed.id } })).toBe(0);
    expect(await db.auditEvent.findFirst({ where: { action: "source.delete", targetId: doomed.id } })).toMatchObject({
      targetLabel: "Doomed",
    });
    expect(await db.auditEvent.findFirst({ where: { action: "source.sync", targetId: doomed.id } })).not.toBeNull();

    const plain = await call(sourceRoute.DELETE, "DELETE", `/api/admin/sources/${kept.id}`, { ...as(), ...params(kept.id) });
    expect(plain.body).toEqual({ ok: true, transcriptsDeleted: 0 });
    expect((await call(sourceRoute.DELETE, "DELETE", `/api/admin/sources/${kept.id}`, { ...as(), ...params(kept.id) })).status).toBe(404);
  });
});

describe("rotating the encryption key", () => {
  it("re-encrypts every source key under the new key, opening the old ones with the previous key", async () => {
    const { body: source } = await create({ ...validSource(), name: "Rotated" });
    const oldKey = process.env.SOURCES_ENCRYPTION_KEY!;
    const newKey = Buffer.alloc(32, 7).toString("hex");
    process.env.SOURCES_ENCRYPTION_KEY = newKey;
    try {
      const refused = await call(testRoute.POST, "POST", `/api/admin/sources/${source.id}/test`, { ...as(), ...params(source.id) });
      expect(refused.body).toEqual({ ok: false, found: null, message: expect.stringMatching(/SOURCES_ENCRYPTION_KEY_PREVIOUS/) });
      process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS = oldKey;
      const result = await rotateSourceKeys();
      expect(result.resealed).toBeGreaterThan(0);
      expect(await rotateSourceKeys()).toEqual({ resealed: 0, current: result.resealed + result.current });
      delete process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS;
      const tested = await call(testRoute.POST, "POST", `/api/admin/sources/${source.id}/test`, { ...as(), ...params(source.id) });
      expect(tested.body.ok).toBe(true);
    } finally {
      process.env.SOURCES_ENCRYPTION_KEY = oldKey;
      delete process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS;
    }
  });
});
