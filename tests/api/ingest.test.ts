// Ingest API keys (administrators) and POST /api/ingest/transcripts (the bot platform, with a key):
// keys shown once and stored hashed, idempotent ingest, partial rejection, and size limits.
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as keyRoute from "@/app/api/admin/ingest-keys/[keyId]/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import * as analyticsRoute from "@/app/api/analytics/route";
import { db } from "@/lib/server/db";
import { hashIngestKey } from "@/lib/server/ingest/ingest-keys";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { fixture } from "../unit/transcripts/fixtures";
import { legacyTranscript } from "./transcripts-test-data";

let adminToken: string;
let userToken: string;
let key: string;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
  key = (await createKey("Bot platform")).body.key;
});

const createKey = (name: unknown) => call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name } });
const ingest = (body: unknown, headers: Record<string, string> = { authorization: `Bearer ${key}` }) =>
  call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers });
const list = (query: Record<string, string> = {}) =>
  call(listRoute.GET, "GET", "/api/transcripts", {
    token: userToken,
    query: { startTime: "2024-01-01T00:00:00Z", endTime: "2026-12-31T00:00:00Z", limit: "100", ...query },
  });
const transcript = (id: string, createdAt = "2025-05-01T10:00:00.000Z", turns = ["user: hello there", "Hi!"]) =>
  legacyTranscript({ id, createdAt, turns });

describe("ingest keys", () => {
  it("shows a new key once, lists it without the key, and stores only its hash", async () => {
    const created = await createKey("  Zapier  ");
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Zapier",
      prefix: created.body.key.slice(0, 12),
      key: expect.stringMatching(/^tak_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/@example\.com$/),
      lastUsedAt: null,
      revokedAt: null,
    });
    const listed = await call(keysRoute.GET, "GET", "/api/admin/ingest-keys", { token: adminToken });
    expect(listed.status).toBe(200);
    const entry = listed.body.find((k: { id: string }) => k.id === created.body.id);
    expect(entry).toEqual({ ...created.body, key: undefined });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);
    const stored = await db.ingestKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.keyHash).toBe(hashIngestKey(created.body.key));
    expect(JSON.stringify(stored)).not.toContain(created.body.key);
  });

  it("revokes a key at once, and revoking again is harmless", async () => {
    const created = await createKey("Short-lived");
    expect((await ingest(transcript("k1"), { "x-api-key": created.body.key })).status).toBe(200);
    const revoked = await call(keyRoute.DELETE, "DELETE", `/api/admin/ingest-keys/${created.body.id}`, {
      token: adminToken,
      params: { keyId: created.body.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect(revoked.body.lastUsedAt).toEqual(expect.any(String));
    const refused = await ingest(transcript("k2"), { "x-api-key": created.body.key });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: "Invalid or revoked API key" });
    const again = await call(keyRoute.DELETE, "DELETE", `/api/admin/ingest-keys/${created.body.id}`, {
      token: adminToken,
      params: { keyId: created.body.id },
    });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect(
      (await call(keyRoute.DELETE, "DELETE", "/api/admin/ingest-keys/unknown", { token: adminToken, params: { keyId: "unknown" } })).status,
    ).toBe(404);
  });

  it("revokes a key once when administrators revoke it at the same time: one time, one audit record", async () => {
    const created = await createKey("Revoked twice at once");
    const revoke = () =>
      call(keyRoute.DELETE, "DELETE", `/api/admin/ingest-keys/${created.body.id}`, {
        token: adminToken,
        params: { keyId: created.body.id },
      });
    const results = await Promise.all([revoke(), revoke(), revoke()]);
    expect(results.map((res) => res.status)).toEqual([200, 200, 200]);
    const stored = await db.ingestKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(results.map((res) => res.body.revokedAt)).toEqual(Array(3).fill(stored.revokedAt?.toISOString()));
    expect(await db.auditEvent.count({ where: { targetId: created.body.id, action: "ingest_key.revoke" } })).toBe(1);
  });

  it.each([
    ["no name", {}],
    ["a blank name", { name: "  " }],
    ["a long name", { name: "n".repeat(101) }],
    ["extra fields", { name: "x", admin: true }],
  ])("refuses %s", async (_case, body) => {
    const res = await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe("POST /api/ingest/transcripts", () => {
  it("stores one transcript, and re-sending it updates instead of duplicating", async () => {
    const first = await ingest(transcript("i1"));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ imported: 1, updated: 0, rejected: [] });
    const again = await ingest(transcript("i1"));
    expect(again.body).toEqual({ imported: 0, updated: 1, rejected: [] });
    expect(await db.transcript.count({ where: { id: "i1" } })).toBe(1);

    // A re-send with more turns replaces the content, and search follows it.
    const changed = await ingest(transcript("i1", "2025-05-01T10:00:00.000Z", ["user: totally different words", "Bye!"]));
    expect(changed.body).toEqual({ imported: 0, updated: 1, rejected: [] });
    const detail = await call(detailRoute.GET, "GET", "/api/transcript/i1", { token: userToken, params: { transcriptId: "i1" } });
    expect(detail.body.dialog[1].payload.payload.query).toBe("totally different words");
    expect((await list({ search: "totally different" })).body.transcripts.map((t: { id: string }) => t.id)).toEqual(["i1"]);
    expect((await list({ search: "hello there", sessionId: "session-i1" })).body.total).toBe(0);
  });

  it("re-sent at the same time, a transcript is found by its new content, session and device alone", async () => {
    const at = "2025-05-05T10:00:00.000Z";
    const sent = async (spec: { sessionId?: string; device?: string; turns: string[] }) =>
      (await ingest(legacyTranscript({ id: "r1", createdAt: at, ...spec }))).body;
    const found = async (query: Record<string, string>) => (await list(query)).body.transcripts.map((t: { id: string }) => t.id);
    expect(await sent({ device: "mobile", turns: ["user: gooseberry"] })).toEqual({ imported: 1, updated: 0, rejected: [] });
    // One change at a time: the content, the session, the device.
    expect(await sent({ device: "mobile", turns: ["user: elderberry"] })).toEqual({ imported: 0, updated: 1, rejected: [] });
    expect(await found({ search: "elderberry", device: "mobile", sessionId: "session-r1" })).toEqual(["r1"]);
    expect(await found({ search: "gooseberry" })).toEqual([]);
    expect((await sent({ sessionId: "session-moved", device: "mobile", turns: ["user: elderberry"] })).updated).toBe(1);
    expect(await found({ sessionId: "session-moved", device: "mobile" })).toEqual(["r1"]);
    expect(await found({ sessionId: "session-r1" })).toEqual([]);
    expect((await sent({ sessionId: "session-moved", device: "tablet", turns: ["user: elderberry"] })).updated).toBe(1);
    expect(await found({ search: "elderberry", device: "tablet" })).toEqual(["r1"]);
    expect(await found({ device: "mobile" })).toEqual([]);
  });

  it("accepts a batch as an array or under transcripts, in any export shape", async () => {
    const asArray = await ingest([transcript("b1"), transcript("b2"), fixture("valid/logs-transcript.json")]);
    expect(asArray.body).toEqual({ imported: 3, updated: 0, rejected: [] });
    const asHolder = await ingest({ transcripts: [transcript("b2"), transcript("b3")] });
    expect(asHolder.body).toEqual({ imported: 1, updated: 1, rejected: [] });
    const legacy = await ingest(fixture("valid/legacy-transcript.json"));
    expect(legacy.body).toEqual({ imported: 1, updated: 0, rejected: [] });
    const newer = await list({ sessionId: "new-api-session-1" });
    expect(newer.body.transcripts[0]).toMatchObject({
      id: "cm8newformat0001",
      device: "Mobile",
      messageCount: 5,
      question: "cancel my membership",
    });
  });

  it("counts a transcript sent twice in one batch once, keeping the last version", async () => {
    const res = await ingest([
      transcript("d1", "2025-05-02T10:00:00.000Z", ["user: first version"]),
      transcript("d1", "2025-05-02T10:00:00.000Z", ["user: second version"]),
    ]);
    expect(res.body).toEqual({ imported: 1, updated: 1, rejected: [] });
    expect((await list({ sessionId: "session-d1" })).body.transcripts).toEqual([
      expect.objectContaining({ id: "d1", question: "second version" }),
    ]);
  });

  it("stores a batch of new and known transcripts together: each in the list, the detail, the search and the analytics", async () => {
    const sent = await ingest([
      transcript("m1", "2025-06-01T09:00:00.000Z", ["user: marmalade question", "Answer one"]),
      transcript("m2", "2025-06-01T10:00:00.000Z", ["user: unchanged words"]),
    ]);
    expect(sent.body).toEqual({ imported: 2, updated: 0, rejected: [] });
    // m1 moves to another day with new words, m2 is sent again as it was, m3 and m4 are new (m3 in m1's old millisecond).
    const mixed = await ingest([
      transcript("m3", "2025-06-01T09:00:00.000Z", ["user: quince question", "Answer three"]),
      transcript("m1", "2025-06-03T09:00:00.000Z", ["user: kumquat question", "Answer one again"]),
      transcript("m2", "2025-06-01T10:00:00.000Z", ["user: unchanged words"]),
      transcript("m4", "2025-06-02T09:00:00.000Z", ["user: quince again"]),
    ]);
    expect(mixed.body).toEqual({ imported: 2, updated: 2, rejected: [] });
    const june = { startTime: "2025-06-01T00:00:00Z", endTime: "2025-06-04T00:00:00Z" };
    expect((await list(june)).body.transcripts.map((t: { id: string; question: string }) => [t.id, t.question])).toEqual([
      ["m1", "kumquat question"],
      ["m4", "quince again"],
      ["m2", "unchanged words"],
      ["m3", "quince question"],
    ]);
    const found = async (search: string) => (await list({ ...june, search })).body.transcripts.map((t: { id: string }) => t.id);
    expect(await found("quince")).toEqual(["m4", "m3"]);
    expect(await found("kumquat")).toEqual(["m1"]);
    expect(await found("marmalade")).toEqual([]);
    const detail = await call(detailRoute.GET, "GET", "/api/transcript/m3", { token: userToken, params: { transcriptId: "m3" } });
    expect(detail.body).toMatchObject({ _id: "m3", sessionID: "session-m3" });
    const analytics = await call(analyticsRoute.GET, "GET", "/api/analytics", { token: userToken, query: june });
    expect(analytics.body.total).toBe(4);
    expect(analytics.body.transcriptsOverTime.map((day: { count: number }) => day.count)).toEqual([2, 1, 1, 0]);
  });

  it("stores the valid records of a batch and reports the others", async () => {
    const res = await ingest(fixture("malformed/partially-invalid.json"));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.rejected).toEqual([
      { index: 1, id: "65e7a1f0c2b3d4e5f6a7b8e2", reason: "sessionID is missing" },
      { index: 2, id: "65e7a1f0c2b3d4e5f6a7b8e3", reason: "dialog must be an array" },
      { index: 3, id: "65e7a1f0c2b3d4e5f6a7b8e4", reason: 'createdAt "the fifth of March" is not a readable date' },
      { index: 4, reason: "expected a transcript object, got a string" },
      { index: 5, reason: "_id \"bad id with spaces\" is not a valid id (1-128 letters, digits, '.', '_', ':' or '-')" },
      { index: 6, id: "65e7a1f0c2b3d4e5f6a7b8e5", reason: "createdAt is missing and no dialog entry has a time" },
      { index: 7, id: "65e7a1f0c2b3d4e5f6a7b8e6", reason: "dialog[0] is not an object" },
    ]);
  });

  it("answers 400 with the report when nothing could be stored, and 200 for an empty batch", async () => {
    const res = await ingest([{ _id: "x1" }, "nope"]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "No transcript could be stored",
      imported: 0,
      updated: 0,
      rejected: [
        { index: 0, id: "x1", reason: "sessionID is missing" },
        { index: 1, reason: "expected a transcript object, got a string" },
      ],
    });
    expect((await ingest([])).body).toEqual({ imported: 0, updated: 0, rejected: [] });
  });

  it.each([
    ["no body", { rawBody: "", headers: { "content-type": "application/json" } }, 400],
    ["malformed JSON", { rawBody: '{"_id": ', headers: { "content-type": "application/json" } }, 400],
    ["JSON that holds no transcripts", { body: { hello: "world" } }, 400],
    ["a string", { body: "transcript" }, 400],
    ["a form post", { rawBody: "_id=1", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
    ["more than 1000 transcripts", { body: Array.from({ length: 1001 }, (_, i) => transcript(`m${i}`)) }, 413],
    [
      "a body over 16 MB",
      {
        rawBody: JSON.stringify({ _id: "big", sessionID: "s", padding: "x".repeat(17 * 1024 * 1024) }),
        headers: { "content-type": "application/json" },
      },
      413,
    ],
  ])("refuses %s", async (_case, options, status) => {
    const before = await db.transcript.count();
    const headers = { authorization: `Bearer ${key}`, ...("headers" in options ? options.headers : {}) };
    const res = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { ...options, headers });
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await db.transcript.count()).toBe(before);
  });

  it("records when a key was last used", async () => {
    const created = await createKey("Usage");
    await ingest(transcript("u1"), { authorization: `Bearer ${created.body.key}` });
    const stored = await db.ingestKey.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.lastUsedAt).not.toBeNull();
  });
});

describe("text PostgreSQL cannot store", () => {
  it("stores transcripts with NUL characters and lone surrogates on both databases", async () => {
    const raw = legacyTranscript({
      id: "nul1",
      createdAt: "2025-05-03T10:00:00.000Z",
      sessionId: "nul\u0000session",
      device: "desk\u0000top",
      turns: ["user: a\u0000b \ud800 question", "ans\u0000wer"],
    });
    const res = await ingest(raw);
    expect(res.body).toEqual({ imported: 1, updated: 0, rejected: [] });
    const row = (await list({ sessionId: "nulsession" })).body.transcripts[0];
    expect(row).toMatchObject({ id: "nul1", device: "Desktop", answer: "answer" });
    expect(row.question.startsWith("ab ")).toBe(true);
    const detail = await call(detailRoute.GET, "GET", "/api/transcript/nul1", { token: userToken, params: { transcriptId: "nul1" } });
    expect(detail.body.dialog[2].payload.payload.message).toBe("ans\u0000wer");
  });
});

describe("records that would break storing", () => {
  it("rejects a transcript nested thousands of levels deep and stores the others of the batch", async () => {
    // Written as text: serialising such a value would exhaust the stack of the test itself.
    const deep = `${'{"children":['.repeat(2500)}{"text":"x"}${"]}".repeat(2500)}`;
    const ok = JSON.stringify(legacyTranscript({ id: "ok-deep", createdAt: "2025-05-04T10:00:00.000Z" }));
    const rawBody = `[${ok}, {"_id": "too-deep", "sessionID": "s", "createdAt": "2025-05-04", "dialog": [{"type": "text", "payload": ${deep}}]}]`;
    const res = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
      rawBody,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 1,
      updated: 0,
      rejected: [{ index: 1, id: "too-deep", reason: "nested more than 100 levels deep" }],
    });
  });
});
