// GET /api/analytics/top-questions (this file runs on SQLite and on PostgreSQL).
import * as topRoute from "@/app/api/analytics/top-questions/route";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-07-01T00:00:00.000Z", endTime: "2025-07-31T23:59:59.999Z" };

const transcripts: TestTranscript[] = [
  { id: "tq1", createdAt: "2025-07-01T10:00:00.000Z", turns: ["user: Where is my order NW-5532?", "It shipped."] },
  { id: "tq2", createdAt: "2025-07-02T10:00:00.000Z", turns: ["user: where is my order nw-9921", "It shipped."] },
  { id: "tq3", createdAt: "2025-07-03T10:00:00.000Z", turns: ["user: where is my order NW-1", "Sorry, I didn't get that."] },
  { id: "tq4", createdAt: "2025-07-04T10:00:00.000Z", turns: ["user: do you sell kayaks", "Sorry, I didn't get that."] },
  { id: "tq5", createdAt: "2025-07-05T10:00:00.000Z", turns: ["user: do you sell kayaks?", "Sorry, I didn't get that."] },
  { id: "tq6", createdAt: "2025-08-01T10:00:00.000Z", turns: ["user: outside the range", "Yes."] },
];

let token: string;
beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
});

const top = (query: Record<string, string>) =>
  call(topRoute.GET, "GET", "/api/analytics/top-questions", { token, query: { ...RANGE, tz: "UTC", ...query } });

describe("GET /api/analytics/top-questions", () => {
  it("ranks the range's question groups by count, with rates and an example wording", async () => {
    const res = await top({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        group: "where is my order <id>",
        example: expect.stringMatching(/^where is my order/i),
        count: 3,
        fallbackRate: 1 / 3,
        handoffRate: 0,
        thumbsDown: 0,
      },
      {
        group: "do you sell kayaks",
        example: expect.stringMatching(/^do you sell kayaks/),
        count: 2,
        fallbackRate: 1,
        handoffRate: 0,
        thumbsDown: 0,
      },
    ]);
  });

  it("ranks by count x fallback rate for top unanswered, and honours the limit", async () => {
    const res = await top({ sort: "unanswered", limit: "1" });
    expect(res.status).toBe(200);
    expect(res.body.map((row: { group: string }) => row.group)).toEqual(["do you sell kayaks"]);
  });

  it("refuses a bad sort with a message", async () => {
    const res = await top({ sort: "loudest" });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sort must be count or unanswered/);
  });
});
