// GET /api/transcripts/export: for the same filter, the export holds exactly the list's transcripts
// in the list's order (its lines equal the list's total and items), each whole: review, notes,
// signals, messages and their ratings; CSV has one formula-safe row per message; one audit entry
// with the filter; a client that goes away stops the reads. Runs on SQLite and PostgreSQL.
import * as exportRoute from "@/app/api/transcripts/export/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as reviewRoute from "@/app/api/transcript/[transcriptId]/review/route";
import * as notesRoute from "@/app/api/transcript/[transcriptId]/notes/route";
import * as tagsRoute from "@/app/api/tags/route";
import * as feedbackRoute from "@/app/api/feedback/route";
import { NextRequest } from "next/server";
import { db } from "@/lib/server/db";
import { CONVERSATION_EXPORT_PAGE_SIZE } from "@/lib/server/review/export-conversations";
import { CONVERSATION_CSV_HEADER, type ConversationLine } from "@/lib/export/conversations-export";
import { call } from "../helpers/api-client";
import { csvRows } from "../helpers/csv-rows";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-04-01T00:00:00.000Z", endTime: "2025-04-10T23:59:59.999Z" };
// More than two export pages, so that paging is crossed twice.
const COUNT = CONVERSATION_EXPORT_PAGE_SIZE * 2 + 37;

let user: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let tagId: string;

// All inside the range, the newest five in one millisecond; every fifth
// mentions a refund; each has two questions and two answers, one answer written as a formula.
const specs: TestTranscript[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `ex-${String(i).padStart(4, "0")}`,
  createdAt: new Date(i < 5 ? Date.parse(RANGE.endTime) - 1 : Date.UTC(2025, 2, 31, 22) + i * 30 * 60_000).toISOString(),
  device: i % 2 === 0 ? "desktop" : "mobile",
  turns: [i % 5 === 0 ? "user: I want a refund" : "user: hello", "Sure, one moment.", "user: thanks", '=HYPERLINK("x")\nbye'],
}));

type Filter = Record<string, string | string[]>;

function paramsOf(filter: Filter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) for (const one of ([] as string[]).concat(value)) params.append(key, one);
  return params;
}

/** The list's items for the filter, every page, and its total. */
async function listed(filter: Filter): Promise<{ total: number; items: Record<string, unknown>[] }> {
  const items: Record<string, unknown>[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${paramsOf({ ...filter, limit: "100", page: String(page) })}`, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    total = res.body.total;
    items.push(...res.body.transcripts);
    if (page >= res.body.totalPages) return { total, items };
  }
}

/** The export of the filter as sent: its status, headers and text (a byte-order mark kept), or its JSON error. */
async function exported(filter: Filter, format: string, token = user.token) {
  const url = `http://localhost:3000/api/transcripts/export?${paramsOf({ ...filter, format })}`;
  const res = await exportRoute.GET(new NextRequest(url, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an error's body is JSON, an export's text
  const body: any = res.status === 200 ? text : JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}

function jsonLines(text: string): ConversationLine[] {
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as ConversationLine);
}

beforeAll(async () => {
  user = await signedInUser();
  admin = await signedInUser({ isAdmin: true });
  await storeTranscripts(specs);
  tagId = (await call(tagsRoute.POST, "POST", "/api/tags", { token: admin.token, body: { name: "Escalate", color: "#aa0000" } })).body.id;
  for (let i = 0; i < COUNT; i += 9) {
    const res = await call(reviewRoute.PATCH, "PATCH", "/", {
      token: user.token,
      params: { transcriptId: specs[i].id },
      body: i % 2 === 0 ? { status: "reviewed", addTagIds: [tagId], assigneeId: admin.user.id } : { status: "needs_attention" },
    });
    expect(res.status).toBe(200);
  }
  for (const i of [1, 3, 250]) {
    const params = { transcriptId: specs[i].id };
    expect((await call(notesRoute.POST, "POST", "/", { token: user.token, params, body: { body: `First note on ${i}` } })).status).toBe(
      201,
    );
    expect((await call(notesRoute.POST, "POST", "/", { token: admin.token, params, body: { body: "=cmd|' /C calc'!A0" } })).status).toBe(
      201,
    );
  }
  for (const i of [2, 3, 400]) {
    for (const [rater, feedbackType, messageIndex, comment] of [
      [user, "thumbs_down", 1, "Too slow"],
      [admin, "thumbs_up", 1, undefined],
      [admin, "thumbs_down", 3, "+wrong"],
    ] as const) {
      const res = await call(feedbackRoute.POST, "POST", "/api/feedback", {
        token: rater.token,
        body: { transcriptId: specs[i].id, messageIndex, feedbackType, ...(comment ? { comment } : {}) },
      });
      expect(res.status).toBe(201);
    }
  }
});

describe("GET /api/transcripts/export?format=jsonl", () => {
  it.each<[string, Filter]>([
    ["the range", RANGE],
    ["a search", { ...RANGE, search: "refund" }],
    ["a status", { ...RANGE, status: "reviewed" }],
    ["a status left unset", { ...RANGE, status: "unreviewed" }],
    ["a tag and a search", { ...RANGE, tag: tagId, search: "refund" }],
    ["ratings", { ...RANGE, feedback: "down" }],
    ["notes and a device", { ...RANGE, hasNotes: "true", device: "mobile" }],
    ["a session", { ...RANGE, sessionId: "session-ex-0003" }],
    ["nothing", { ...RANGE, search: "no such words here" }],
  ])("holds the list's total and items for %s, in its order", async (_name, filter) => {
    const list = await listed(filter);
    const res = await exported(filter, "jsonl");
    expect(res.status).toBe(200);
    const lines = res.body === "" ? [] : jsonLines(res.body);
    expect(lines).toHaveLength(list.total);
    expect(lines.map((line) => line.id)).toEqual(list.items.map((item) => item.id));
    lines.forEach((line, index) => {
      const item = list.items[index] as Record<string, unknown> & { tags: { name: string }[]; assignee: { email: string } | null };
      expect({
        sessionId: line.sessionId,
        createdAt: line.createdAt,
        device: line.device,
        status: line.review.status,
        tags: line.review.tags,
        assignee: line.review.assignee,
        notes: line.review.notes.length,
        signals: line.signals,
        messages: line.messages.length,
      }).toEqual({
        sessionId: item.sessionId,
        createdAt: item.timestamp,
        device: item.device,
        status: item.reviewStatus,
        tags: item.tags.map((tag) => tag.name),
        assignee: item.assignee?.email ?? null,
        notes: item.noteCount,
        signals: item.signals,
        messages: item.messageCount,
      });
    });
  });

  it("carries each transcript whole: its messages in order, their ratings, its notes", async () => {
    const res = await exported({ ...RANGE, sessionId: "session-ex-0003" }, "jsonl");
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    const [line] = jsonLines(res.body);
    expect(line).toMatchObject({ id: "ex-0003", source: null, browser: null, review: { status: "unreviewed", assignee: null, tags: [] } });
    expect(line.review.notes).toEqual([
      { author: user.user.email, createdAt: expect.any(String), text: "First note on 3" },
      { author: admin.user.email, createdAt: expect.any(String), text: "=cmd|' /C calc'!A0" },
    ]);
    expect(line.messages.map(({ index, role, text }) => ({ index, role, text }))).toEqual([
      { index: 0, role: "user", text: "hello" },
      { index: 1, role: "bot", text: "Sure, one moment." },
      { index: 2, role: "user", text: "thanks" },
      { index: 3, role: "bot", text: '=HYPERLINK("x")\nbye' },
    ]);
    expect(line.messages[1].ratings).toEqual(
      expect.arrayContaining([
        { user: user.user.email, feedbackType: "thumbs_down", comment: "Too slow" },
        { user: admin.user.email, feedbackType: "thumbs_up", comment: null },
      ]),
    );
    expect(line.messages[1].ratings).toHaveLength(2);
    expect(line.messages[3].ratings).toEqual([{ user: admin.user.email, feedbackType: "thumbs_down", comment: "+wrong" }]);
    expect(line.messages[0].ratings).toEqual([]);
    expect(line.messages[0].time).toBe(new Date(Date.parse(specs[3].createdAt) + 10_000).toISOString());
  });

  it("names a dated attachment and records one audit entry with the filter, its search text redacted", async () => {
    const before = await db.auditEvent.count({ where: { action: "transcripts.export" } });
    const res = await exported({ ...RANGE, search: "maria.lopez@gmail.com refund", tag: [tagId, "other"] }, "jsonl");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="transcripts-conversations-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const entries = await db.auditEvent.findMany({ where: { action: "transcripts.export" }, orderBy: { createdAt: "asc" } });
    expect(entries).toHaveLength(before + 1);
    const last = entries[entries.length - 1];
    expect(last.actorId).toBe(user.user.id);
    expect(JSON.parse(String(last.details))).toEqual({
      filter: { ...RANGE, search: "[EMAIL] refund", tag: [tagId, "other"] },
      format: "jsonl",
    });
  });

  it("refuses a bad filter or format with 400 before reading", async () => {
    for (const [filter, format] of [
      [RANGE, "xml"],
      [{ startTime: RANGE.startTime }, "jsonl"],
      [{ ...RANGE, status: "lost" }, "csv"],
    ] as const) {
      const res = await exported(filter, format);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
  });
});

describe("GET /api/transcripts/export?format=csv", () => {
  it("has one formula-safe row per message of the list's transcripts, with its ratings", async () => {
    const filter = { ...RANGE, device: "desktop" };
    const list = await listed(filter);
    const res = await exported(filter, "csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/filename="transcripts-conversations-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([...CONVERSATION_CSV_HEADER]);
    expect(rows).toHaveLength(list.items.reduce((sum, item) => sum + Number(item.messageCount), 0));
    expect([...new Set(rows.map((row) => row[0]))]).toEqual(list.items.map((item) => item.id));
    const rated = rows.filter((row) => row[0] === "ex-0002");
    expect(rated.map((row) => row.slice(2))).toEqual([
      ["0", "user", expect.any(String), "hello", "0", "0", ""],
      ["1", "bot", expect.any(String), "Sure, one moment.", "1", "1", "Too slow"],
      ["2", "user", expect.any(String), "thanks", "0", "0", ""],
      ["3", "bot", expect.any(String), `'=HYPERLINK("x")\nbye`, "0", "1", "'+wrong"],
    ]);
  });
});

describe("a client that goes away", () => {
  /**
   * Starts an export of the whole range and reads its first chunk; `stopped` is the count of
   * transcripts the server logs once its reads have ended before the last.
   */
  async function startExport(signal?: AbortSignal) {
    let reportStop: (sent: number) => void = () => undefined;
    const stopped = new Promise<number>((resolve) => (reportStop = resolve));
    const warn = jest.spyOn(console, "warn").mockImplementation((message: unknown) => {
      const match = /^An export of transcripts with conversations stopped after (\d+) transcripts$/.exec(String(message));
      if (match) reportStop(Number(match[1]));
    });
    const url = `http://localhost:3000/api/transcripts/export?${paramsOf({ ...RANGE, format: "jsonl" })}`;
    const req = new NextRequest(url, { headers: { authorization: `Bearer ${user.token}` }, signal });
    const res = await exportRoute.GET(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value).split("\n").filter(Boolean)).toHaveLength(CONVERSATION_EXPORT_PAGE_SIZE);
    return { reader, stopped, restore: () => warn.mockRestore() };
  }

  it("stops the reads when it cancels the stream, after at most the page it was reading", async () => {
    const { reader, stopped, restore } = await startExport();
    try {
      await reader.cancel();
      const sent = await stopped;
      expect(sent).toBeLessThanOrEqual(2 * CONVERSATION_EXPORT_PAGE_SIZE);
      expect(sent).toBeLessThan(COUNT);
    } finally {
      restore();
    }
  });

  it("stops the reads when its request is aborted", async () => {
    const abort = new AbortController();
    const { reader, stopped, restore } = await startExport(abort.signal);
    try {
      abort.abort();
      expect(await stopped).toBeLessThan(COUNT);
      await reader.cancel();
    } finally {
      restore();
    }
  });
});
