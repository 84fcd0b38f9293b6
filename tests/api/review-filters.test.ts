// The list's review filters, alone and combined with each other, the range, a search and
// a session: every page of every combination holds exactly the transcripts a plain reading of the
// data says, newest first, and the total counts them. Runs on SQLite and PostgreSQL.
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-03-01T00:00:00.000Z", endTime: "2025-03-20T23:59:59.999Z" };
const COUNT = 60;

interface Facts {
  id: string;
  createdAt: string;
  sessionId: string;
  refund: boolean;
  status: "unreviewed" | "reviewed" | "needs_attention";
  tags: string[];
  assignee: "alice" | "bob" | null;
  feedback: ("thumbs_up" | "thumbs_down")[];
  notes: number;
}

// Every transcript gets a mix of review facts from its number; the last one lies outside the range.
const facts: Facts[] = Array.from({ length: COUNT + 1 }, (_, i) => ({
  id: `rf-${String(i).padStart(3, "0")}`,
  createdAt: i === COUNT ? "2025-03-21T00:00:00.000Z" : new Date(Date.UTC(2025, 2, 1) + i * 7 * 3_600_000 + i * 1000).toISOString(),
  sessionId: `rf-session-${i % 4}`,
  refund: i % 3 === 0,
  status: i % 5 === 0 ? "reviewed" : i % 5 === 1 ? "needs_attention" : "unreviewed",
  tags: [...(i % 4 === 0 ? ["A"] : []), ...(i % 6 === 0 ? ["B"] : [])],
  assignee: i % 7 === 0 ? "alice" : i % 7 === 1 ? "bob" : null,
  feedback: [...(i % 5 === 3 ? (["thumbs_down"] as const) : []), ...(i % 8 === 0 ? (["thumbs_up"] as const) : [])],
  notes: i % 9 === 0 ? 1 : i % 9 === 1 ? 2 : 0,
}));

let viewer: { user: { id: string }; token: string };
let bob: { id: string };
const tagIds: Record<string, string> = {};

beforeAll(async () => {
  viewer = await signedInUser({ name: "Alice" });
  ({ user: bob } = await signedInUser({ name: "Bob" }));
  const rater = await signedInUser();
  const specs: TestTranscript[] = facts.map((f) => ({
    id: f.id,
    createdAt: f.createdAt,
    sessionId: f.sessionId,
    turns: [f.refund ? "user: I want a refund" : "user: where is my parcel", "Let me check."],
  }));
  await storeTranscripts(specs);
  for (const name of ["A", "B", "C"]) tagIds[name] = (await db.tag.create({ data: { name, color: "#112233" } })).id;
  const keys = new Map((await db.transcript.findMany({ select: { id: true, sortKey: true } })).map((row) => [row.id, row.sortKey]));
  for (const [i, f] of facts.entries()) {
    const sortKey = keys.get(f.id)!;
    const assigneeId = f.assignee === "alice" ? viewer.user.id : f.assignee === "bob" ? bob.id : null;
    // Every other unreviewed transcript has a review row saying so (set back, or only assigned).
    if (f.status !== "unreviewed" || assigneeId !== null || i % 2 === 0) {
      await db.transcriptReview.create({ data: { sortKey, status: f.status, assigneeId, updatedAt: new Date() } });
    }
    for (const tag of f.tags) await db.transcriptTag.create({ data: { sortKey, tagId: tagIds[tag] } });
    for (const type of f.feedback) {
      await db.feedback.create({
        data: { transcriptId: f.id, messageIndex: type === "thumbs_up" ? 3 : 1, feedbackType: type, userId: viewer.user.id },
      });
      await db.feedback.create({
        data: { transcriptId: f.id, messageIndex: type === "thumbs_up" ? 3 : 1, feedbackType: type, userId: rater.user.id },
      });
    }
    for (let n = 0; n < f.notes; n++) await db.transcriptNote.create({ data: { sortKey, authorId: bob.id, body: `note ${n}` } });
  }
});

type Query = Record<string, string | string[]>;

function expected(query: Query): string[] {
  const inRange = (f: Facts) => f.createdAt >= (query.startTime as string) && f.createdAt <= (query.endTime as string);
  const tags = query.tag === undefined ? [] : ([] as string[]).concat(query.tag);
  return facts
    .filter(inRange)
    .filter((f) => !query.search || f.refund)
    .filter((f) => !query.sessionId || f.sessionId === query.sessionId)
    .filter((f) => !query.status || f.status === query.status)
    .filter((f) => tags.length === 0 || tags.some((tag) => f.tags.includes(tag)))
    .filter((f) => {
      if (!query.assignee) return true;
      if (query.assignee === "none") return f.assignee === null;
      if (query.assignee === "me") return f.assignee === "alice";
      return f.assignee === "bob";
    })
    .filter((f) => {
      if (!query.feedback) return true;
      if (query.feedback === "none") return f.feedback.length === 0;
      if (query.feedback === "any") return f.feedback.length > 0;
      return f.feedback.includes(query.feedback === "down" ? "thumbs_down" : "thumbs_up");
    })
    .filter((f) => query.hasNotes === undefined || (query.hasNotes === "true") === f.notes > 0)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((f) => f.id);
}

/** Every page of the list, by the route, with repeated tags as repeated parameters. */
async function everyPage(query: Query, limit = 7): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, page: String(page), limit: String(limit) }))
      for (const one of ([] as string[]).concat(value)) params.append(key, one === "ID:A" ? tagIds.A : one === "ID:B" ? tagIds.B : one);
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${params}`, { token: viewer.token });
    expect(res.status).toBe(200);
    totals.push(res.body.total);
    ids.push(...res.body.transcripts.map((item: { id: string }) => item.id));
    if (page >= res.body.totalPages) break;
  }
  return { ids, totals };
}

const withTagIds = (query: Query): Query =>
  query.tag === undefined ? query : { ...query, tag: ([] as string[]).concat(query.tag).map((tag) => `ID:${tag}`) };

const cases: [string, Query][] = [
  ["status reviewed", { status: "reviewed" }],
  ["status needs attention", { status: "needs_attention" }],
  ["status unreviewed", { status: "unreviewed" }],
  ["one tag", { tag: "A" }],
  ["either of two tags", { tag: ["A", "B"] }],
  ["assigned to me", { assignee: "me" }],
  ["assigned to nobody", { assignee: "none" }],
  ["assigned to a person", { assignee: "BOB" }],
  ["thumbs-down", { feedback: "down" }],
  ["thumbs-up", { feedback: "up" }],
  ["any rating", { feedback: "any" }],
  ["no rating", { feedback: "none" }],
  ["with notes", { hasNotes: "true" }],
  ["without notes", { hasNotes: "false" }],
  ["needs attention + tag", { status: "needs_attention", tag: "A" }],
  ["thumbs-down + search", { feedback: "down", search: "refund" }],
  ["unreviewed + search", { status: "unreviewed", search: "refund" }],
  ["unreviewed + no rating + nobody", { status: "unreviewed", feedback: "none", assignee: "none" }],
  ["unreviewed + no rating + search", { status: "unreviewed", feedback: "none", search: "refund" }],
  ["tag + without notes + search", { tag: ["A", "B"], hasNotes: "false", search: "refund" }],
  ["session + reviewed", { sessionId: "rf-session-0", status: "reviewed" }],
  ["session + search + nobody", { sessionId: "rf-session-1", search: "refund", assignee: "none" }],
  ["every filter", { status: "unreviewed", tag: ["A", "B"], assignee: "none", feedback: "none", hasNotes: "false" }],
];

describe("GET /api/transcripts with review filters", () => {
  it.each(cases)("%s: every page holds exactly the matching transcripts, with an exact total", async (_name, filters) => {
    const query: Query = { ...RANGE, ...filters };
    if (query.assignee === "BOB") query.assignee = bob.id;
    const want = expected({ ...query, assignee: filters.assignee === "BOB" ? "BOB" : (query.assignee as string) });
    const { ids, totals } = await everyPage(withTagIds(query));
    expect(ids).toEqual(want);
    expect(new Set(totals)).toEqual(new Set([want.length]));
  });

  it("narrows to a shorter range exactly, at its first and last millisecond", async () => {
    const from = facts[10].createdAt;
    const to = facts[30].createdAt;
    for (const filters of [{ status: "unreviewed" }, { tag: "A" }, { feedback: "none", search: "refund" }] as Query[]) {
      const query = { startTime: from, endTime: to, ...filters };
      const { ids } = await everyPage(withTagIds(query), 5);
      expect(ids).toEqual(expected(query));
    }
  });

  it("carries each row's review status, tags, assignee and note count", async () => {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token: viewer.token, query: { ...RANGE, limit: "100" } });
    const byId = new Map(res.body.transcripts.map((item: { id: string }) => [item.id, item]));
    const f0 = facts[0];
    expect(byId.get(f0.id)).toMatchObject({
      reviewStatus: "reviewed",
      tags: [
        { id: tagIds.A, name: "A", color: "#112233" },
        { id: tagIds.B, name: "B", color: "#112233" },
      ],
      assignee: { id: viewer.user.id, name: "Alice" },
      noteCount: 1,
    });
    expect(byId.get(facts[1].id)).toMatchObject({ reviewStatus: "needs_attention", tags: [], assignee: { id: bob.id }, noteCount: 2 });
    expect(byId.get(facts[2].id)).toMatchObject({ reviewStatus: "unreviewed", tags: [], assignee: null, noteCount: 0 });
  });

  it.each([
    [{ status: "done" }, "status: must be one of unreviewed, reviewed, needs_attention"],
    [{ feedback: "maybe" }, "feedback: must be one of down, up, any, none"],
    [{ hasNotes: "yes" }, "hasNotes: must be one of true, false"],
  ])("refuses %j with 400", async (filters, message) => {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token: viewer.token, query: { ...RANGE, ...filters } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("follows ratings as they are given, changed and deleted", async () => {
    const target = facts[4];
    expect(target.feedback).toEqual([]);
    const down = async () => (await everyPage({ ...RANGE, feedback: "down" }, 100)).ids.includes(target.id);
    const rating = await db.feedback.create({
      data: { transcriptId: target.id, messageIndex: 1, feedbackType: "thumbs_down", userId: bob.id },
    });
    expect(await down()).toBe(true);
    await db.feedback.update({ where: { id: rating.id }, data: { feedbackType: "thumbs_up" } });
    expect(await down()).toBe(false);
    expect((await everyPage({ ...RANGE, feedback: "up" }, 100)).ids).toContain(target.id);
    await db.feedback.delete({ where: { id: rating.id } });
    expect((await everyPage({ ...RANGE, feedback: "any" }, 100)).ids).not.toContain(target.id);
    expect((await everyPage({ ...RANGE, feedback: "none" }, 100)).ids).toEqual(expected({ ...RANGE, feedback: "none" }));
  });

  it("keeps the complement filters' totals exact as reviews, assignments and notes change in a counted day", async () => {
    // Each whole day's count of the excluded transcripts is kept and reused while the day's review
    // state is unchanged: every change below must be seen by the next read.
    const complements: Query[] = [
      { status: "unreviewed" },
      { assignee: "none" },
      { hasNotes: "false" },
      { status: "unreviewed", search: "refund" },
      { status: "unreviewed", feedback: "none", assignee: "none", search: "refund" },
    ];
    const expectExact = async () => {
      for (const filters of complements) {
        const query = { ...RANGE, ...filters };
        const { ids, totals } = await everyPage(query, 100);
        expect(ids).toEqual(expected(query));
        expect(totals).toEqual([ids.length]);
      }
    };
    await expectExact();
    const target = facts.find(
      (f) => f.refund && f.status === "unreviewed" && f.assignee === null && f.notes === 0 && f.feedback.length === 0,
    )!;
    const { sortKey } = await db.transcript.findUniqueOrThrow({ where: { id: target.id }, select: { sortKey: true } });
    const review = { status: "reviewed", assigneeId: bob.id, updatedAt: new Date() };
    await db.transcriptReview.upsert({ where: { sortKey }, create: { sortKey, ...review }, update: review });
    Object.assign(target, { status: "reviewed", assignee: "bob" });
    await expectExact();
    const note = await db.transcriptNote.create({ data: { sortKey, authorId: bob.id, body: "a later note" } });
    target.notes = 1;
    await expectExact();
    await db.transcriptNote.delete({ where: { id: note.id } });
    await db.transcriptReview.update({ where: { sortKey }, data: { status: "unreviewed", assigneeId: null } });
    Object.assign(target, { status: "unreviewed", assignee: null, notes: 0 });
    await expectExact();
  });

  it("matches nothing for an unknown tag or assignee", async () => {
    for (const filters of [{ tag: "no-such-tag" }, { assignee: "no-such-user" }] as Record<string, string>[]) {
      const res = await call(listRoute.GET, "GET", "/api/transcripts", { token: viewer.token, query: { ...RANGE, ...filters } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ transcripts: [], total: 0 });
    }
  });
});
