// Erasure by person works after redaction: every way in keeps, before redacting, the keyed hash of
// each e-mail address and phone number its detectors find, so that with redaction on an
// administrator still finds a person's transcripts (GET /api/admin/transcripts/by-person) and erases
// them (POST /api/admin/transcripts/erase {email | phone}, with the previewed count); the erasure
// also replaces the address or number in saved views' search text by its placeholder. Transcripts
// stored before the hashes were kept get them from the "person-keys" job. SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as byPersonRoute from "@/app/api/admin/transcripts/by-person/route";
import * as eraseRoute from "@/app/api/admin/transcripts/erase/route";
import * as previewRoute from "@/app/api/admin/transcripts/erase/preview/route";
import * as personKeysRoute from "@/app/api/admin/privacy/person-keys/route";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { saveTranscripts } from "@/lib/server/store";
import { readRecord } from "@/lib/transcripts/read-record";
import { call } from "../helpers/api-client";
import { runScript } from "../helpers/run-script";
import { signedInUser } from "../helpers/users";
import { legacyTranscript, type TestTranscript } from "./transcripts-test-data";

const at = (minute: number) => new Date(Date.UTC(2025, 8, 1) + minute * 60_000).toISOString();
const ADDRESS = "Maria.Lopez@Gmail.com";

let adminToken: string;
let userToken: string;
let adminId: string;
let ingestKey: string;
const encryptionKey = process.env.SOURCES_ENCRYPTION_KEY;

const spec = (id: string, minute: number, turn: string): TestTranscript => ({
  id,
  createdAt: at(minute),
  turns: [`user: ${turn}`, "Noted."],
});
const ingest = async (specs: TestTranscript[]) => {
  const res = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
    body: specs.map(legacyTranscript),
    headers: { authorization: `Bearer ${ingestKey}` },
  });
  expect(res.status).toBe(200);
};
const byPerson = (query: Record<string, string>, token = adminToken) =>
  call(byPersonRoute.GET, "GET", "/api/admin/transcripts/by-person", { token, query });
const preview = (body: unknown) => call(previewRoute.POST, "POST", "/api/admin/transcripts/erase/preview", { token: adminToken, body });
const erase = (body: unknown) => call(eraseRoute.POST, "POST", "/api/admin/transcripts/erase", { token: adminToken, body });

beforeAll(async () => {
  process.env.SOURCES_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  const admin = await signedInUser({ isAdmin: true });
  adminToken = admin.token;
  adminId = admin.user.id;
  userToken = (await signedInUser()).token;
  ingestKey = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "People" } })).body.key;
  // Redaction is on (the default) for every kind.
  await ingest([
    spec("mail", 1, `my address is ${ADDRESS}, thanks`),
    spec("mail-again", 2, "it is maria.lopez@gmail.com again"),
    spec("phone-international", 3, "call me on +49 151 23456789 tonight"),
    spec("phone-national", 4, "my number: 0151 23456789"),
    spec("someone-else", 5, "write to jose.ruiz@example.org or 0151 99999999"),
    ...Array.from({ length: 20 }, (_, i) => spec(`filler-${i}`, 10 + i, "where is my parcel")),
  ]);
});

afterAll(() => {
  if (encryptionKey === undefined) delete process.env.SOURCES_ENCRYPTION_KEY;
  else process.env.SOURCES_ENCRYPTION_KEY = encryptionKey;
});

describe("GET /api/admin/transcripts/by-person", () => {
  it("is for administrators only, and takes exactly one e-mail address or phone number", async () => {
    expect((await byPerson({ email: ADDRESS }, userToken)).status).toBe(403);
    expect((await byPerson({})).status).toBe(400);
    expect((await byPerson({ email: ADDRESS, phone: "+49 151 23456789" })).status).toBe(400);
    const notAnAddress = await byPerson({ email: "maria" });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body.message).toMatch(/^email: Enter one e-mail address/);
    expect((await byPerson({ phone: "call me" })).status).toBe(400);
  });

  it("finds a person's transcripts after redaction replaced the address or number, where the text finds nothing", async () => {
    const stored = await db.transcript.findUniqueOrThrow({ where: { id: "mail" }, select: { source: true } });
    expect(stored.source).toContain("[EMAIL]");
    expect(stored.source).not.toMatch(/lopez/i);
    expect((await preview({ contains: ADDRESS })).body).toEqual({ count: 0 });

    expect((await byPerson({ email: "MARIA.LOPEZ@gmail.com" })).body).toEqual({ ids: ["mail", "mail-again"], total: 2 });
    // A national number matches the international one that ends in it, both ways.
    expect((await byPerson({ phone: "+49 151 23456789" })).body).toEqual({ ids: ["phone-international", "phone-national"], total: 2 });
    expect((await byPerson({ phone: "0151 23456789" })).body).toEqual({ ids: ["phone-international", "phone-national"], total: 2 });
    expect((await byPerson({ phone: "+1 151 23456789" })).body).toEqual({ ids: ["phone-national"], total: 1 });
    expect((await byPerson({ email: "nobody@example.org" })).body).toEqual({ ids: [], total: 0 });
    // The hashes are keyed: no stored value is the address or a plain hash of it.
    const keys = await db.transcriptPersonKey.findMany({ where: { transcriptId: "mail" } });
    expect(keys).toHaveLength(1);
    expect(keys[0].hash).not.toMatch(/lopez/i);
  });

  it("finds the transcripts the import command stored with redaction on", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "by-person-"));
    try {
      writeFileSync(path.join(folder, "export.json"), JSON.stringify([legacyTranscript(spec("imported", 40, `mail ${ADDRESS} please`))]));
      const result = runScript("import", [folder]);
      expect(result.code).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect((await db.transcript.findUniqueOrThrow({ where: { id: "imported" } })).source).toContain("[EMAIL]");
    expect((await byPerson({ email: ADDRESS })).body).toEqual({ ids: ["imported", "mail", "mail-again"], total: 3 });
  });

  it("finds transcripts stored before the hashes were kept once the person-keys job has gone over them", async () => {
    // Stored as received (redaction off at the time), with no person keys.
    const old = readRecord({ raw: legacyTranscript(spec("stored-before", 50, `old mail from ${ADDRESS}`)) });
    if (!old.ok) throw new Error(old.reason);
    await saveTranscripts([old.transcript]);
    expect((await byPerson({ email: ADDRESS })).body.total).toBe(3);

    expect((await call(personKeysRoute.POST, "POST", "/api/admin/privacy/person-keys", { token: userToken })).status).toBe(403);
    const started = await call(personKeysRoute.POST, "POST", "/api/admin/privacy/person-keys", { token: adminToken });
    expect(started.status).toBe(202);
    expect((await runJob(started.body.jobId, { budgetMs: 60_000 })).status).toBe("succeeded");
    expect((await byPerson({ email: ADDRESS })).body).toEqual({ ids: ["imported", "mail", "mail-again", "stored-before"], total: 4 });
    const [audit] = await db.auditEvent.findMany({ where: { action: "privacy_settings.person_keys" } });
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({ jobId: started.body.jobId });
  });
});

describe("POST /api/admin/transcripts/erase {email | phone}", () => {
  it("erases a person's transcripts with the previewed count, and takes the address out of saved views", async () => {
    const views = await Promise.all(
      [
        `startTime=${encodeURIComponent(at(0))}&search=${encodeURIComponent("maria.lopez@gmail.com refund")}`,
        `search=${encodeURIComponent("jose.ruiz@example.org")}`,
        `status=reviewed`,
      ].map((query, i) => db.savedView.create({ data: { ownerId: adminId, name: `view ${i}`, query } })),
    );
    expect((await preview({ email: ADDRESS })).body).toEqual({ count: 4 });
    const stale = await erase({ email: ADDRESS, reason: "Asked to be forgotten", expectedCount: 3 });
    expect(stale.status).toBe(409);
    expect(stale.body.count).toBe(4);
    expect(await db.transcript.count({ where: { id: "mail" } })).toBe(1);

    const res = await erase({ email: ADDRESS, reason: "Asked to be forgotten", expectedCount: 4 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 4 });
    expect(await db.transcript.count({ where: { id: { in: ["imported", "mail", "mail-again", "stored-before"] } } })).toBe(0);
    expect((await byPerson({ email: ADDRESS })).body).toEqual({ ids: [], total: 0 });

    const after = await db.savedView.findMany({ where: { id: { in: views.map((view) => view.id) } }, orderBy: { name: "asc" } });
    expect(new URLSearchParams(after[0].query).get("search")).toBe("[EMAIL] refund");
    expect(new URLSearchParams(after[0].query).get("startTime")).toBe(at(0));
    expect(after[1].query).toBe(views[1].query);
    expect(after[2].query).toBe(views[2].query);

    const [audit] = await db.auditEvent.findMany({ where: { action: "transcripts.erase" } });
    expect(audit.details).not.toMatch(/lopez/i);
    expect(JSON.parse(audit.details ?? "{}")).toMatchObject({ target: "person", person: "email", deleted: 4, savedViews: 1 });
  });

  it("erases by phone number, a national number taking the international one too", async () => {
    expect((await preview({ phone: "0151 23456789" })).body).toEqual({ count: 2 });
    expect((await erase({ phone: "0151 23456789", reason: "Asked to be forgotten", expectedCount: 2 })).body).toEqual({ deleted: 2 });
    expect(await db.transcript.count({ where: { id: { startsWith: "phone-" } } })).toBe(0);
    expect(await db.transcript.count({ where: { id: "someone-else" } })).toBe(1);
  });

  it("refuses a person target when no hash can be made, and a request naming two targets", async () => {
    expect((await preview({ email: ADDRESS, sessionId: "s" })).status).toBe(400);
    const key = process.env.SOURCES_ENCRYPTION_KEY;
    delete process.env.SOURCES_ENCRYPTION_KEY;
    try {
      const res = await byPerson({ email: ADDRESS });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/SOURCES_ENCRYPTION_KEY/);
    } finally {
      process.env.SOURCES_ENCRYPTION_KEY = key;
    }
  });
});
