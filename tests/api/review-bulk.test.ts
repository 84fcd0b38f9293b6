// POST /api/transcripts/bulk: the action reaches exactly the transcripts the list shows
// for the same filter, never one outside it; a changed set is refused with 409 and the new count,
// also when two bulk actions race; one audit entry per action. Runs on SQLite and PostgreSQL.
import * as bulkRoute from "@/app/api/transcripts/bulk/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as reviewRoute from "@/app/api/transcript/[transcriptId]/review/route";
import * as tagsRoute from "@/app/api/tags/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-04-01T00:00:00.000Z", endTime: "2025-04-10T23:59:59.999Z" };
const COUNT = 80;

let user: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let tagA: string;
let tagB: string;

// Transcripts inside and just outside the range; every third mentions a refund.
const specs: TestTranscript[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `bk-${String(i).padStart(3, "0")}`,
  createdAt: new Date(Date.UTC(2025, 2, 31, 23) + i * 3 * 3_600_000).toISOString(),
  turns: [i % 3 === 0 ? "user: I want a refund" : "user: hello", "Sure."],
}));

type Filter = Record<string, string | string[]>;

const bulk = (filter: Filter, action: Record<string, unknown>, expectedCount: number, token = user.token) =>
  call(bulkRoute.POST, "POST", "/api/transcripts/bulk", { token, body: { filter, action, expectedCount } });

/** The ids the list shows for the filter, every page. */
async function listed(filter: Filter): Promise<string[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, limit: "100" }))
    for (const one of ([] as string[]).concat(value)) params.append(key, one);
  const res = await call(listRoute.GET, "GET", `/api/transcripts?${params}`, { token: user.token });
  expect(res.body.total).toBe(res.body.transcripts.length);
  return res.body.transcripts.map((item: { id: string }) => item.id);
}

/** Every transcript's review as stored: status, assignee, tags. */
async function snapshot(): Promise<Map<string, string>> {
  const rows = await db.transcript.findMany({ select: { id: true, review: true, tags: { select: { tagId: true } } } });
  return new Map(
    rows.map((row) => [
      row.id,
      JSON.stringify([row.review?.status ?? "unreviewed", row.review?.assigneeId ?? null, row.tags.map((tag) => tag.tagId).sort()]),
    ]),
  );
}

/** Applies the action to the filter's preview count; checks that exactly the listed transcripts changed, if any. */
async function applyAndCheck(filter: Filter, action: Record<string, unknown>): Promise<{ matched: number; changed: number }> {
  const ids = await listed(filter);
  const before = await snapshot();
  const res = await bulk(filter, action, ids.length);
  expect(res.status).toBe(200);
  expect(res.body.matched).toBe(ids.length);
  const after = await snapshot();
  const changed = [...after.keys()].filter((id) => after.get(id) !== before.get(id));
  for (const id of changed) expect(ids).toContain(id);
  expect(res.body.changed).toBe(changed.length);
  return res.body;
}

beforeAll(async () => {
  user = await signedInUser();
  admin = await signedInUser({ isAdmin: true });
  await storeTranscripts(specs);
  tagA = (await call(tagsRoute.POST, "POST", "/api/tags", { token: admin.token, body: { name: "A", color: "#aa0000" } })).body.id;
  tagB = (await call(tagsRoute.POST, "POST", "/api/tags", { token: admin.token, body: { name: "B", color: "#00aa00" } })).body.id;
  // Some scattered review state, set one transcript at a time.
  for (let i = 0; i < COUNT; i += 7) {
    const id = specs[i].id;
    await call(reviewRoute.PATCH, "PATCH", "/", {
      token: user.token,
      params: { transcriptId: id },
      body: {
        status: i % 2 ? "needs_attention" : "reviewed",
        addTagIds: [i % 3 ? tagA : tagB],
        ...(i % 4 ? {} : { assigneeId: user.user.id }),
      },
    });
  }
});

describe("POST /api/transcripts/bulk", () => {
  it.each<[string, Filter, Record<string, unknown>]>([
    ["status on a search", { search: "refund" }, { status: "needs_attention" }],
    ["a tag on the unreviewed", { status: "unreviewed" }, { addTagIds: ["A"] }],
    ["assign a tag's transcripts", { tag: ["A"] }, { assigneeId: "USER" }],
    ["remove a tag from the needing attention", { status: "needs_attention" }, { removeTagIds: ["A"] }],
    ["unassign mine", { assignee: "me" }, { assigneeId: null }],
    ["set back to unreviewed", { tag: ["A", "B"] }, { status: "unreviewed" }],
    ["status on the whole range", {}, { status: "reviewed" }],
    ["both tags on the unrated without notes", { feedback: "none", hasNotes: "false" }, { addTagIds: ["A", "B"] }],
  ])("%s: changes only transcripts the list shows for the same filter", async (_name, filters, rawAction) => {
    const ids = (tags: unknown) => (tags as string[]).map((tag) => (tag === "A" ? tagA : tagB));
    const filter = { ...RANGE, ...filters, ...(filters.tag ? { tag: ids(filters.tag) } : {}) };
    const action = { ...rawAction };
    if (action.addTagIds) action.addTagIds = ids(action.addTagIds);
    if (action.removeTagIds) action.removeTagIds = ids(action.removeTagIds);
    if (action.assigneeId === "USER") action.assigneeId = user.user.id;
    const result = await applyAndCheck(filter, action);
    expect(result.matched).toBeGreaterThan(0);
    // The same action again changes nothing (its filter may match fewer now).
    expect((await applyAndCheck(filter, action)).changed).toBe(0);
  });

  it("refuses with 409 and the new count when the set changed since the preview, changing nothing", async () => {
    const filter = { ...RANGE, status: "needs_attention" };
    const preview = (await listed(filter)).length;
    const outside = (await listed({ ...RANGE, status: "reviewed" }))[0];
    await call(reviewRoute.PATCH, "PATCH", "/", {
      token: user.token,
      params: { transcriptId: outside },
      body: { status: "needs_attention" },
    });
    const before = await snapshot();
    const res = await bulk(filter, { addTagIds: [tagB] }, preview);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: expect.any(String), matched: preview + 1 });
    expect(await snapshot()).toEqual(before);
  });

  it("lets one of two racing actions on the same preview through and refuses the other with 409", async () => {
    const filter = { ...RANGE, status: "unreviewed" };
    await applyAndCheck({ ...RANGE }, { status: "unreviewed" });
    const preview = (await listed(filter)).length;
    const results = await Promise.all([
      bulk(filter, { status: "reviewed" }, preview),
      bulk(filter, { status: "needs_attention" }, preview),
    ]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const won = results.find((res) => res.status === 200)!;
    expect(won.body).toEqual({ matched: preview, changed: preview });
    expect(results.find((res) => res.status === 409)!.body.matched).toBe(0);
  });

  it("records one audit entry per action, with its filter and counts", async () => {
    const filter = { ...RANGE, search: "refund" };
    const preview = (await listed(filter)).length;
    const before = await db.auditEvent.count({ where: { action: "transcripts.bulk" } });
    await bulk(filter, { addTagIds: [tagA] }, preview);
    const entries = await db.auditEvent.findMany({ where: { action: "transcripts.bulk" }, orderBy: { createdAt: "asc" } });
    expect(entries).toHaveLength(before + 1);
    expect(JSON.parse(entries.at(-1)!.details!)).toMatchObject({ filter, action: { addTagIds: [tagA] }, matched: preview });
    expect(entries.at(-1)).toMatchObject({ actorId: user.user.id, targetType: "transcripts" });
  });

  it("keeps the filter's search text in its audit entry redacted by the privacy settings", async () => {
    const savePrivacy = (customPatterns: { name: string; pattern: string }[]) =>
      call(privacyRoute.PUT, "PUT", "/api/admin/privacy", { token: admin.token, body: { ...DEFAULT_PRIVACY_SETTINGS, customPatterns } });
    expect((await savePrivacy([{ name: "customer", pattern: "CUST-\\d{6}" }])).status).toBe(200);
    try {
      const filter = { ...RANGE, search: "555 123 4567 maria.gomez@example.com CUST-123456 refund", device: "kiosk 203.0.113.7" };
      const res = await bulk(filter, { status: "reviewed" }, (await listed(filter)).length);
      expect(res.status).toBe(200);
      const entry = await db.auditEvent.findFirstOrThrow({ where: { action: "transcripts.bulk" }, orderBy: { createdAt: "desc" } });
      expect(JSON.parse(entry.details!).filter).toEqual({ ...RANGE, search: "[PHONE] [EMAIL] [CUSTOMER] refund", device: "kiosk [IP]" });
      for (const original of ["555 123 4567", "maria.gomez", "CUST-123456", "203.0.113.7"]) expect(entry.details).not.toContain(original);
    } finally {
      expect((await savePrivacy([])).status).toBe(200);
    }
  });

  it("answers 404 for an unknown tag or assignee and 400 for bad input", async () => {
    const count = (await listed(RANGE)).length;
    expect(await bulk(RANGE, { addTagIds: ["nope"] }, count)).toMatchObject({ status: 404, body: { message: "Tag not found" } });
    expect(await bulk(RANGE, { assigneeId: "nope" }, count)).toMatchObject({ status: 404, body: { message: "User not found" } });
    expect((await bulk(RANGE, { status: "done" }, count)).status).toBe(400);
    expect((await bulk(RANGE, { status: "reviewed", assigneeId: null }, count)).status).toBe(400);
    expect((await bulk(RANGE, {}, count)).status).toBe(400);
    expect(await bulk({ ...RANGE, feedback: "maybe" }, { status: "reviewed" }, count)).toMatchObject({
      status: 400,
      body: { message: "filter.feedback: must be one of down, up, any, none" },
    });
    expect((await bulk({ startTime: RANGE.startTime }, { status: "reviewed" }, count)).status).toBe(400);
    const noCount = await call(bulkRoute.POST, "POST", "/", { token: user.token, body: { filter: RANGE, action: { status: "reviewed" } } });
    expect(noCount.status).toBe(400);
  });
});
