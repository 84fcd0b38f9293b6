// GET /api/transcripts and GET /api/transcript/{id} against a real database (this file runs on
// SQLite and on PostgreSQL): order, paging, filters, and search with the same meaning on both.
import * as listRoute from "@/app/api/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import { sql } from "@/lib/server/store/sql";
import { activeDatabase, storeRead } from "@/lib/server/store/active-database";
import { foldSearchText, normalizeSearchQuery } from "@/lib/transcripts/search-text";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-03-01T00:00:00.000Z", endTime: "2025-03-31T23:59:59.999Z" };

const transcripts: TestTranscript[] = [
  {
    id: "t01",
    createdAt: "2025-03-01T00:00:00.000Z",
    sessionId: "alpha",
    device: "desktop",
    os: "windows",
    browser: "chrome",
    turns: ["Hi! How can I help?", "user: Where is my ORDER NW-123456?", "It shipped on Monday.", "user: thanks"],
    gap: 96,
  },
  {
    id: "t02",
    createdAt: "2025-03-02T10:00:00.000Z",
    sessionId: "alpha",
    device: "mobile",
    turns: ["Hello", "user: I want a refund for my jacket", "Refunds take 5-7 days."],
  },
  {
    id: "t03",
    createdAt: "2025-03-03T10:00:00.000Z",
    sessionId: "beta",
    turns: ["user: 注文した商品はいつ届きますか？", "ご注文は明日届きます。"],
  },
  {
    id: "t04",
    createdAt: "2025-03-04T10:00:00.000Z",
    sessionId: "beta",
    turns: ["user: Is there a 100% discount?", "No, but members get 10_percent back."],
  },
  {
    id: "t05",
    createdAt: "2025-03-05T10:00:00.000Z",
    sessionId: "gamma",
    turns: ['user: what does "quoted" mean', "A path like C:\\temp\\new is a folder."],
  },
  { id: "t06", createdAt: "2025-03-06T10:00:00.000Z", sessionId: "gamma", turns: ["Only a greeting"] },
  {
    id: "t07",
    createdAt: "2025-03-07T10:00:00.000Z",
    sessionId: "delta",
    turns: ["user: Größentabelle für Jacken?", "Die GRÖSSENTABELLE finden Sie online."],
  },
  {
    id: "t08",
    createdAt: "2025-03-08T10:00:00.000Z",
    sessionId: "delta",
    turns: ["user: reset   my\npassword please", "Use the reset link."],
  },
  { id: "t09", createdAt: "2025-03-09T10:00:00.000Z", sessionId: "epsilon", turns: [] },
  { id: "t10", createdAt: "2025-03-31T23:59:59.999Z", sessionId: "epsilon", turns: ["user: last instant of the month", "Noted."] },
  { id: "t11", createdAt: "2025-04-01T00:00:00.000Z", sessionId: "alpha", turns: ["user: refund outside the range"] },
  { id: "t12", createdAt: "2025-02-28T23:59:59.999Z", sessionId: "alpha", turns: ["user: refund before the range"] },
];

const inRange = transcripts.filter((t) => t.createdAt >= RANGE.startTime && t.createdAt <= RANGE.endTime);
const newestFirst = [...inRange].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((t) => t.id);

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
});

const list = (query: Record<string, string>) => call(listRoute.GET, "GET", "/api/transcripts", { token, query: { ...RANGE, ...query } });
const ids = (body: { transcripts: { id: string }[] }) => body.transcripts.map((t) => t.id);

describe("GET /api/transcripts", () => {
  it("lists the range newest first, both ends included, with the derived fields", async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(newestFirst);
    expect(res.body).toMatchObject({ total: 10, totalPages: 1 });
    expect(res.body.transcripts.find((t: { id: string }) => t.id === "t01")).toEqual({
      id: "t01",
      sessionId: "alpha",
      timestamp: "2025-03-01T00:00:00.000Z",
      preview: "Where is my ORDER NW-123456?",
      device: "Desktop",
      os: "Windows",
      browser: "Chrome",
      messageCount: 4,
      duration: "4m 48s",
      question: "Where is my ORDER NW-123456?",
      answer: "It shipped on Monday.",
      reviewStatus: "unreviewed",
      tags: [],
      assignee: null,
      noteCount: 0,
      // "thanks" got no answer.
      signals: ["unanswered"],
    });
    expect(res.body.transcripts.find((t: { id: string }) => t.id === "t06")).toEqual({
      id: "t06",
      sessionId: "gamma",
      timestamp: "2025-03-06T10:00:00.000Z",
      preview: "Only a greeting",
      messageCount: 1,
      duration: "N/A",
      question: "",
      answer: "",
      reviewStatus: "unreviewed",
      tags: [],
      assignee: null,
      noteCount: 0,
      signals: [],
    });
  });

  it("pages from either end to the same order", async () => {
    for (const limit of [1, 3, 4, 7]) {
      const first = await list({ limit: String(limit) });
      const pages = first.body.totalPages;
      expect(pages).toBe(Math.ceil(10 / limit));
      const seen: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await list({ limit: String(limit), page: String(page) });
        expect(res.body.total).toBe(10);
        seen.push(...ids(res.body));
      }
      expect(seen).toEqual(newestFirst);
    }
    const beyond = await list({ page: "99" });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ transcripts: [], total: 10, totalPages: 1 });
  });

  it("defaults to page 1 of 20, and a range without transcripts is empty", async () => {
    expect((await list({ page: "", limit: "" })).body.transcripts).toHaveLength(10);
    const empty = await list({ startTime: "2020-01-01T00:00:00Z", endTime: "2020-01-02T00:00:00Z" });
    expect(empty.body).toEqual({ transcripts: [], total: 0, totalPages: 0 });
  });

  it("filters by session", async () => {
    const res = await list({ sessionId: "alpha" });
    expect(ids(res.body)).toEqual(["t02", "t01"]);
    expect(res.body.total).toBe(2);
    expect((await list({ sessionId: "ALPHA" })).body.total).toBe(0);
    expect(ids((await list({ sessionId: "alpha", search: "refund" })).body)).toEqual(["t02"]);
  });

  // Every query is checked against the plain definition: a case-insensitive substring of any turn.
  const searches: [string, string[]][] = [
    ["refund", ["t02"]],
    ["REFUND", ["t02"]],
    ["efun", ["t02"]],
    ["order nw-123456", ["t01"]],
    ["shipped", ["t01"]],
    ["thanks", ["t01"]],
    ["注文", ["t03"]],
    ["明日届", ["t03"]],
    ["文", ["t03"]],
    ["100%", ["t04"]],
    ["%", ["t04"]],
    ["10_percent", ["t04"]],
    ["_", ["t04"]],
    ['"quoted"', ["t05"]],
    ['"', ["t05"]],
    ["c:\\temp\\new", ["t05"]],
    ["\\", ["t05"]],
    ["größentabelle", ["t07"]],
    ["GRÖSSENTABELLE", ["t07"]],
    ["reset my password", ["t08"]],
    ["  reset   MY  ", ["t08"]],
    ["greeting", ["t06"]],
    ["last instant", ["t10"]],
    ["e", ["t10", "t08", "t07", "t06", "t05", "t04", "t02", "t01"]],
    ["nothing like this", []],
    ["launch", []],
    ["NEAR(a b)", []],
    ["a OR b", []],
    ["* ^ - :", []],
  ];

  it.each(searches)("search %p finds %p", async (search, expected) => {
    const res = await list({ search, limit: "100" });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
    // Each row shows where it holds the search.
    for (const item of res.body.transcripts as { searchSnippet?: string }[])
      expect(foldSearchText(item.searchSnippet ?? "")).toContain(normalizeSearchQuery(search));
  });

  it("shows with each row of a search the first turn holding it, on one line, and nothing without a search", async () => {
    const snippets = async (query: Record<string, string>) =>
      Object.fromEntries(
        ((await list({ limit: "100", ...query })).body.transcripts as { id: string; searchSnippet?: string }[]).map((t) => [
          t.id,
          t.searchSnippet,
        ]),
      );
    expect(await snippets({ search: "REFUND" })).toEqual({ t02: "I want a refund for my jacket" });
    expect(await snippets({ search: "reset my password" })).toEqual({ t08: "reset my password please" });
    expect(await snippets({ search: "GRÖSSENTABELLE" })).toEqual({ t07: "Die GRÖSSENTABELLE finden Sie online." });
    expect(await snippets({ search: "refund", sessionId: "alpha" })).toEqual({ t02: "I want a refund for my jacket" });
    expect(Object.values(await snippets({}))).toEqual(Array(inRange.length).fill(undefined));
    expect(Object.values(await snippets({ sessionId: "alpha" }))).toEqual([undefined, undefined]);
  });

  it("shows the snippet of a transcript's latest text after it changes", async () => {
    const may = { startTime: "2025-05-01T00:00:00.000Z", endTime: "2025-05-31T23:59:59.999Z", search: "parcel" };
    const snippet = async () => ((await list(may)).body.transcripts as { searchSnippet?: string }[]).map((t) => t.searchSnippet);
    const version = (wording: string): TestTranscript => ({
      id: "s01",
      createdAt: "2025-05-10T10:00:00.000Z",
      turns: ["Hi", `user: the ${wording} wording of a parcel question`],
    });
    await storeTranscripts([version("first")]);
    expect(await snippet()).toEqual(["the first wording of a parcel question"]);
    await storeTranscripts([version("second")]);
    expect(await snippet()).toEqual(["the second wording of a parcel question"]);
  });

  // A page of matches is found either through the word index or by reading the range (PostgreSQL
  // chooses by cost; with this little data it always reads the range).
  it.each(searches)("search %p finds %p both through the text index and by reading the range", async (search, expected) => {
    const prepared = await activeDatabase().prepareSearch({ search: normalizeSearchQuery(search), sessionId: null }, storeRead);
    const range = { startMs: Date.parse(RANGE.startTime), endMs: Date.parse(RANGE.endTime) };
    for (const scan of ["index", "range"] as const) {
      const keys = prepared.matchingKeysSql(range, { descending: true, limit: 100, offset: 0, scan });
      const rows = await storeRead<{ id: string }>(
        sql`SELECT "id" FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`,
      );
      expect(rows.map((row) => row.id)).toEqual(expected);
    }
  });

  it("pages through search results from either end", async () => {
    const all = ids((await list({ search: "e", limit: "100" })).body);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) seen.push(...ids((await list({ search: "e", limit: "2", page: String(page) })).body));
    expect(seen).toEqual(all);
  });

  it.each([
    ["no startTime", { startTime: "" }, /startTime/],
    ["an invalid startTime", { startTime: "yesterday" }, /startTime: must be an ISO 8601 date/],
    ["an invalid endTime", { endTime: "2025-02-30T00:00:00Z" }, /endTime/],
    [
      "a range that runs backwards",
      { startTime: "2025-03-02T00:00:00Z", endTime: "2025-03-01T00:00:00Z" },
      /endTime: must not be before startTime/,
    ],
    ["page 0", { page: "0" }, /page: must be a whole number from 1/],
    ["a negative page", { page: "-1" }, /page/],
    ["a text page", { page: "two" }, /page/],
    ["a fractional limit", { limit: "1.5" }, /limit/],
    ["limit 0", { limit: "0" }, /limit: must be a whole number from 1 to 100/],
    ["limit 101", { limit: "101" }, /limit: must be a whole number from 1 to 100/],
    ["a huge page", { page: "99999999999" }, /page/],
    ["an overlong search", { search: "x".repeat(201) }, /search: must be at most 200 characters/],
    ["an overlong session id", { sessionId: "s".repeat(257) }, /sessionId/],
  ])("refuses %s with 400", async (_case, query, message) => {
    const res = await list(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe("GET /api/transcript/{id}", () => {
  const detail = (transcriptId: string) =>
    call(detailRoute.GET, "GET", `/api/transcript/${transcriptId}`, { token, params: { transcriptId } });

  it("returns the transcript in the platform's format", async () => {
    const res = await detail("t02");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: "t02",
      sessionID: "alpha",
      createdAt: "2025-03-02T10:00:00.000Z",
      updatedAt: "2025-03-02T10:00:30.000Z",
      device: "Mobile",
      dialog: [
        { type: "launch", format: "launch", payload: {}, startTime: "2025-03-02T10:00:00.000Z", timestamp: "2025-03-02T10:00:00.000Z" },
        {
          turnID: "t0",
          type: "text",
          format: "trace",
          payload: { time: Date.parse("2025-03-02T10:00:10.000Z"), type: "text", payload: { message: "Hello" } },
          startTime: "2025-03-02T10:00:10.000Z",
          timestamp: "2025-03-02T10:00:10.000Z",
        },
        {
          turnID: "t1",
          type: "request",
          format: "request",
          payload: { type: "intent", payload: { query: "I want a refund for my jacket" } },
          startTime: "2025-03-02T10:00:20.000Z",
          timestamp: "2025-03-02T10:00:20.000Z",
        },
        {
          turnID: "t2",
          type: "text",
          format: "trace",
          payload: { time: Date.parse("2025-03-02T10:00:30.000Z"), type: "text", payload: { message: "Refunds take 5-7 days." } },
          startTime: "2025-03-02T10:00:30.000Z",
          timestamp: "2025-03-02T10:00:30.000Z",
        },
      ],
      review: { status: "unreviewed", updatedBy: null, updatedAt: null, assignee: null, tags: [], notes: [] },
      signals: [],
    });
  });

  it.each([
    ["an unknown id", "nope"],
    ["a path", "..%2F..%2Fetc"],
    ["SQL", "' OR 1=1 --"],
    ["a very long id", "x".repeat(1500)],
  ])("answers 404 for %s", async (_case, id) => {
    const res = await detail(id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Transcript not found" });
  });
});
