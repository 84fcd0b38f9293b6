// Erasure on request. Administrators preview how many transcripts a target names (ids, a
// session ID, or an e-mail address or phone number anywhere in the stored record: a message, a
// trace variable, JSON held in a string, however the number is written) and erase them with a
// reason and the previewed count: everything stored with them goes, the audit log keeps who, why
// and how many but never the value, and list, search and analytics agree at once. SQLite and PostgreSQL.
import * as eraseRoute from "@/app/api/admin/transcripts/erase/route";
import * as previewRoute from "@/app/api/admin/transcripts/erase/preview/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as analyticsRoute from "@/app/api/analytics/route";
import * as jobRoute from "@/app/api/admin/jobs/[jobId]/route";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { saveTranscripts } from "@/lib/server/store";
import { readRecord } from "@/lib/transcripts/read-record";
import { call } from "../helpers/api-client";
import { rollupsAndRecount } from "../helpers/rollup-recount";
import { reviewTranscripts, rowsOfTranscripts, sortKeysOf } from "../helpers/review-rows";
import { signedInUser } from "../helpers/users";
import { legacyTranscript, type TestTranscript } from "./transcripts-test-data";

const range = { startTime: "2025-10-01T00:00:00Z", endTime: "2025-10-03T00:00:00Z" };
const FILLER = 240;
const at = (minute: number) => new Date(Date.UTC(2025, 9, 1) + minute * 60_000).toISOString();

let adminToken: string;
let userToken: string;
let adminId: string;

/** A trace entry of the legacy format, as the platform logs a variable or a debug message. */
const trace = (type: string, payload: Record<string, unknown>) => ({ type, format: "trace", payload: { type, payload }, startTime: at(1) });

function record(spec: TestTranscript, extraDialog: Record<string, unknown>[] = []): Record<string, unknown> {
  const raw = legacyTranscript(spec);
  return { ...raw, dialog: [...(raw.dialog as unknown[]), ...extraDialog] };
}

/** Stores records as received (no redaction), `text` being the JSON text the platform sent when given. */
async function storeRecords(records: { raw: Record<string, unknown>; text?: string }[]): Promise<void> {
  const prepared = records.map(({ raw, text }) => {
    const result = readRecord({ raw, text });
    if (!result.ok) throw new Error(result.reason);
    return result.transcript;
  });
  await saveTranscripts(prepared);
}

const PERSON = "Jane.Doe@Example.com";

beforeAll(async () => {
  const admin = await signedInUser({ isAdmin: true });
  adminToken = admin.token;
  adminId = admin.user.id;
  userToken = (await signedInUser()).token;
  const filler = Array.from({ length: FILLER }, (_, i) => ({
    raw: record({
      id: `fill-${i}`,
      createdAt: at(10 + i),
      turns: ["user: where is my order", "It ships tomorrow, write to support@example.org"],
    }),
  }));
  const textWith = (id: string, minute: number, turn: string) => ({
    raw: record({ id, createdAt: at(minute), turns: [`user: ${turn}`, "Noted."] }),
  });
  // The platform's own JSON text, with '@' escaped and '/' written "\/": what the database holds.
  const escaped = record({ id: "mail-escaped", createdAt: at(7), turns: ["user: it is jane.doe@example.com", "Noted."] });
  const slashed = record({ id: "phone-slashed", createdAt: at(9), turns: ["user: call 0151/23456789", "Noted."] });
  await storeRecords([
    ...filler,
    ...["by-id-1", "by-id-2", "by-id-3"].map((id, i) => ({ raw: record({ id, createdAt: at(300 + i), turns: ["user: hello", "Hi"] }) })),
    ...[0, 1, 2].map((i) => ({
      raw: record({ id: `session-${i}`, sessionId: "erase-session", createdAt: at(400 + i), turns: ["user: hi"] }),
    })),
    { raw: record({ id: "other-session", sessionId: "erase-session-2", createdAt: at(410), turns: ["user: hi"] }) },
    textWith("mail-message", 1, `my address is ${PERSON}, thanks`),
    {
      raw: record({ id: "mail-variable", createdAt: at(2), turns: ["user: sign me up", "Done."] }, [
        trace("debug", { message: "set variable", variables: { customer_email: "JANE.DOE@EXAMPLE.COM", plan: "gold" } }),
      ]),
    },
    {
      raw: record({ id: "mail-json-in-string", createdAt: at(3), turns: ["user: sign me up", "Done."] }, [
        trace("log", { message: JSON.stringify({ level: "info", data: { contact: "jane.doe@example.com" } }) }),
      ]),
    },
    { raw: escaped, text: JSON.stringify(escaped).replace("jane.doe@example.com", "jane.doe\\u0040example.com") },
    textWith("mail-near-miss", 4, "write to xjane.doe@example.community or jane.doe@example.co"),
    textWith("phone-international", 5, "call me on +49 151 23456789 tonight"),
    textWith("phone-national", 6, "my number: 0151 23456789"),
    { raw: slashed, text: JSON.stringify(slashed).replace("0151/23456789", "0151\\/23456789") },
    textWith("phone-near-miss", 8, "not mine: 0151 23456788, nor 151234567890"),
    textWith("phone-trunk-zero", 11, "office +44 (0)20 7946 0958"),
  ]);
  await reviewTranscripts(["by-id-1", "mail-variable", "phone-national"], adminId);
});

const preview = (body: unknown, token = adminToken) =>
  call(previewRoute.POST, "POST", "/api/admin/transcripts/erase/preview", { token, body });
const erase = (body: unknown, token = adminToken) => call(eraseRoute.POST, "POST", "/api/admin/transcripts/erase", { token, body });
const listTotal = async (search?: string) =>
  (await call(listRoute.GET, "GET", "/api/transcripts", { token: userToken, query: { ...range, ...(search ? { search } : {}) } })).body
    .total as number;
const analyticsTotal = async () => (await call(analyticsRoute.GET, "GET", "/api/analytics", { token: userToken, query: range })).body.total;
const stored = async (ids: string[]) =>
  (await db.transcript.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((t) => t.id).sort();

async function expectConsistent(): Promise<void> {
  const count = await db.transcript.count();
  expect(await listTotal()).toBe(count);
  expect(await analyticsTotal()).toBe(count);
  const { stored: rollups, recounted } = await rollupsAndRecount();
  expect(rollups).toEqual(recounted);
}

const MAIL_MATCHES = ["mail-escaped", "mail-json-in-string", "mail-message", "mail-variable"];
const PHONE_MATCHES = ["phone-international", "phone-national", "phone-slashed"];

describe("POST /api/admin/transcripts/erase(/preview)", () => {
  it("is for administrators only, and needs a reason, one target and a value it can read", async () => {
    const { token } = await signedInUser();
    expect((await preview({ ids: ["by-id-1"] }, token)).status).toBe(403);
    expect((await erase({ ids: ["by-id-1"], reason: "asked", expectedCount: 1 }, token)).status).toBe(403);
    const noReason = await erase({ ids: ["by-id-1"], expectedCount: 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toMatch(/reason/i);
    expect((await erase({ ids: ["by-id-1"], reason: "   ", expectedCount: 1 })).status).toBe(400);
    expect((await preview({ ids: ["by-id-1"], sessionId: "erase-session" })).status).toBe(400);
    expect((await preview({})).status).toBe(400);
    for (const contains of ["jane", "not an address@", "12", "call 0151 23456789 or +49 30 1234567"]) {
      const res = await preview({ contains });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^contains: Enter one (e-mail address|phone number)/);
    }
    expect(await stored(["by-id-1"])).toEqual(["by-id-1"]);
  });

  it("previews and erases by ids, with the ratings, notes, tags, reviews, signals and search rows", async () => {
    const ids = ["by-id-1", "by-id-2", "by-id-3"];
    const keys = await sortKeysOf(ids);
    const before = await rowsOfTranscripts(ids, keys);
    expect(before).toMatchObject({
      Transcript: 3,
      TranscriptText: 3,
      TranscriptSignal: 3,
      Feedback: 1,
      TranscriptNote: 1,
      TranscriptTag: 1,
    });
    expect(before).toMatchObject({ TranscriptReview: 1, TranscriptRating: 1 });

    // Unknown ids and repeats are not counted.
    expect((await preview({ ids: [...ids, "by-id-1", "no-such-id"] })).body).toEqual({ count: 3 });
    const res = await erase({ ids: [...ids, "no-such-id"], reason: "Customer asked to be forgotten", expectedCount: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 3 });
    const after = await rowsOfTranscripts(ids, keys);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    await expectConsistent();
  });

  it("erases a session's transcripts only", async () => {
    expect((await preview({ sessionId: "erase-session" })).body).toEqual({ count: 3 });
    expect((await erase({ sessionId: "erase-session", reason: "Ticket 4411", expectedCount: 3 })).body).toEqual({ deleted: 3 });
    expect(await stored(["session-0", "session-1", "session-2", "other-session"])).toEqual(["other-session"]);
    await expectConsistent();
  });

  it("refuses with 409 and the new count when the matches changed since the preview, deleting nothing", async () => {
    const count = (await preview({ contains: PERSON })).body.count;
    expect(count).toBe(MAIL_MATCHES.length);
    const before = await db.transcript.count();
    const res = await erase({ contains: PERSON, reason: "Request 17", expectedCount: count - 1 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), count });
    expect(await db.transcript.count()).toBe(before);
  });

  it("erases by an e-mail address held in a message, a trace variable or JSON in a string, in any case", async () => {
    // Search reads messages only (and finds "xjane.doe@example.community" too); erasure reads the whole record.
    expect(await listTotal("jane.doe@example.com")).toBe(3);
    const count = (await preview({ contains: "  jane.doe@EXAMPLE.com " })).body.count;
    expect(count).toBe(MAIL_MATCHES.length);
    const keys = await sortKeysOf(MAIL_MATCHES);
    const res = await erase({ contains: PERSON, reason: "Data subject request 17", expectedCount: count });
    expect(res.body).toEqual({ deleted: MAIL_MATCHES.length });
    expect(await stored([...MAIL_MATCHES, "mail-near-miss"])).toEqual(["mail-near-miss"]);
    expect(Object.values(await rowsOfTranscripts(MAIL_MATCHES, keys)).every((n) => n === 0)).toBe(true);
    // What search still finds is the near miss only.
    expect(await listTotal("jane.doe@example.com")).toBe(1);
    expect(await listTotal("xjane.doe@example.com")).toBe(1);
    expect((await preview({ contains: PERSON })).body).toEqual({ count: 0 });
    await expectConsistent();
  });

  it("erases by a phone number written another way, and not numbers that only look alike", async () => {
    expect(await listTotal("151 23456789")).toBe(2);
    const count = (await preview({ contains: "0151 23456789" })).body.count;
    expect(count).toBe(PHONE_MATCHES.length);
    expect((await preview({ contains: "+49 (0)151 2345-6789" })).body).toEqual({ count: PHONE_MATCHES.length });
    expect((await erase({ contains: "0151 23456789", reason: "Call 2291", expectedCount: count })).body).toEqual({ deleted: count });
    expect(await stored([...PHONE_MATCHES, "phone-near-miss", "phone-trunk-zero"])).toEqual(["phone-near-miss", "phone-trunk-zero"]);
    expect(await listTotal("151 23456789")).toBe(0);

    // "+44 (0)20 ..." is dialled without its "(0)": the national form finds it, and so does a national
    // number it ends in after a one-digit country code, whose digits the "(0)" splits in the text.
    expect((await preview({ contains: "020 7946 0958" })).body).toEqual({ count: 1 });
    expect((await preview({ contains: "042079460958" })).body).toEqual({ count: 1 });
    expect((await erase({ contains: "+442079460958", reason: "Call 2292", expectedCount: 1 })).body).toEqual({ deleted: 1 });
    expect(await stored(["phone-trunk-zero"])).toEqual([]);
    expect(await db.transcript.count()).toBe(FILLER + 1 + 1 + 1);
    await expectConsistent();
  });

  it("records one audit entry per erasure: who, why, how many and the kind of target, never the value", async () => {
    const entries = await db.auditEvent.findMany({ where: { action: "transcripts.erase" }, orderBy: { createdAt: "asc" } });
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry.actorId).toBe(adminId);
      expect(entry.targetType).toBe("transcripts");
      const text = [entry.targetId, entry.targetLabel, entry.details].join(" ").toLowerCase();
      for (const secret of ["jane", "example.com", "23456789", "151", "7946", "erase-session", "by-id"]) expect(text).not.toContain(secret);
    }
    expect(entries.map((entry) => JSON.parse(entry.details ?? "{}"))).toEqual([
      { reason: "Customer asked to be forgotten", deleted: 3, target: "ids", ids: 4 },
      { reason: "Ticket 4411", deleted: 3, target: "session" },
      { reason: "Data subject request 17", deleted: 4, target: "contains", contains: "email" },
      { reason: "Call 2291", deleted: 3, target: "contains", contains: "phone" },
      { reason: "Call 2292", deleted: 1, target: "contains", contains: "phone" },
    ]);
  });

  it("goes on in the background past the request's budget, with progress, and takes along what a failed erasure left", async () => {
    const ids = ["fill-0", "fill-1", "fill-2", "fill-3", "fill-4"];
    // Remembered as erased but still stored: an erasure that stopped part-way.
    await db.erasedTranscript.create({ data: { id: "fill-100", erasedAt: new Date() } });
    const job = async (jobId: string) =>
      (await call(jobRoute.GET, "GET", `/api/admin/jobs/${jobId}`, { token: adminToken, params: { jobId } })).body;
    process.env.ERASURE_REQUEST_BUDGET_SECONDS = "0";
    let jobId: string;
    try {
      const res = await erase({ ids, reason: "Request 18", expectedCount: ids.length });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ deleted: 0, total: ids.length, jobId: expect.any(String) });
      jobId = res.body.jobId;
    } finally {
      delete process.env.ERASURE_REQUEST_BUDGET_SECONDS;
    }
    expect(await job(jobId)).toMatchObject({ kind: "transcript-erasure", done: 0, total: ids.length });
    expect(await stored([...ids, "fill-100"])).toEqual([...ids, "fill-100"].sort());
    for (let calls = 0; calls < 10 && ["queued", "running"].includes((await job(jobId)).status); calls++) {
      await runJob(jobId, { budgetMs: 10_000 });
    }
    expect(await job(jobId)).toMatchObject({ status: "succeeded", done: ids.length, total: ids.length });
    expect(await stored([...ids, "fill-100"])).toEqual([]);
    await expectConsistent();
  });
});
