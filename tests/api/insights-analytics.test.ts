// GET /api/analytics's insights, figure by figure, on hand-made conversations whose
// signals, ratings and lengths are known, for the range and the period of the same length before
// it, in two time zones. Runs on SQLite and PostgreSQL.
import * as analyticsRoute from "@/app/api/analytics/route";
import { db } from "@/lib/server/db";
import { deleteTranscripts } from "@/lib/server/store";
import { storeRead } from "@/lib/server/store/active-database";
import { int, sql } from "@/lib/server/store/sql";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

// Monday 2 June to Wednesday 4 June 2025, UTC; the period before is 30 May to 1 June.
const RANGE = { startTime: "2025-06-02T00:00:00.000Z", endTime: "2025-06-04T23:59:59.999Z" };
const FALLBACK = "Sorry, I didn't get that.";

const transcripts: TestTranscript[] = [
  // 3 messages, a fallback.
  { id: "ia-1", createdAt: "2025-06-02T10:00:00.000Z", turns: ["Hi! How can I help?", "user: do you sell kayaks", FALLBACK] },
  // 5 messages, a handoff.
  {
    id: "ia-2",
    createdAt: "2025-06-02T11:00:00.000Z",
    turns: ["Hi!", "user: where is my order NW-1", "It shipped.", "user: I want to speak to a real human", "One moment."],
  },
  // 3 messages, nothing to note.
  { id: "ia-3", createdAt: "2025-06-03T09:00:00.000Z", turns: ["Hi!", "user: what are your opening hours", "9 to 5."] },
  // 5 messages, a fallback and a handoff.
  {
    id: "ia-4",
    createdAt: "2025-06-04T23:30:00.000Z",
    turns: ["Hi!", "user: can I pay with shells", FALLBACK, "user: let me talk to an agent", "Connecting you."],
  },
  // The period before: 3 messages each, one fallback.
  { id: "ia-p1", createdAt: "2025-06-01T10:00:00.000Z", turns: ["Hi!", "user: what are your opening hours", "9 to 5."] },
  { id: "ia-p2", createdAt: "2025-05-31T08:00:00.000Z", turns: ["Hi!", "user: do you sell canoes", FALLBACK] },
];

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
  const raters = [await createUser(), await createUser()];
  const rate = (transcriptId: string, userId: string, feedbackType: string) =>
    db.feedback.create({ data: { transcriptId, messageIndex: 2, feedbackType, userId } });
  // Two helpful ratings of one conversation, one not helpful of another.
  await rate("ia-3", raters[0].id, "thumbs_up");
  await rate("ia-3", raters[1].id, "thumbs_up");
  await rate("ia-1", raters[0].id, "thumbs_down");
});

const insights = async (tz: string, range = RANGE) => {
  const res = await call(analyticsRoute.GET, "GET", "/api/analytics", { token, query: { ...range, tz } });
  expect(res.status).toBe(200);
  return res.body.insights;
};

describe("GET /api/analytics: insights", () => {
  it("gives the headline figures of the range and of the period before", async () => {
    const body = await insights("UTC");
    expect(body).toMatchObject({
      containmentRate: 0.5,
      fallbackRate: 0.5,
      helpfulRate: 2 / 3,
      medianMessages: 4,
      previous: { containmentRate: 1, fallbackRate: 0.5, helpfulRate: null, medianMessages: 3 },
    });
  });

  it("gives each day's signals and rated conversations, every day of the range included", async () => {
    const body = await insights("UTC");
    expect(body.fallbackOverTime).toEqual([
      { date: "2025-06-02", rate: 0.5, count: 1 },
      { date: "2025-06-03", rate: 0, count: 0 },
      { date: "2025-06-04", rate: 1, count: 1 },
    ]);
    expect(body.handoffOverTime).toEqual([
      { date: "2025-06-02", rate: 0.5, count: 1 },
      { date: "2025-06-03", rate: 0, count: 0 },
      { date: "2025-06-04", rate: 1, count: 1 },
    ]);
    expect(body.ratingsOverTime).toEqual([
      { date: "2025-06-02", helpful: 0, notHelpful: 1 },
      { date: "2025-06-03", helpful: 1, notHelpful: 0 },
      { date: "2025-06-04", helpful: 0, notHelpful: 0 },
    ]);
  });

  it("buckets days and hours in the viewer's time zone", async () => {
    // In India (UTC+5:30) the last conversation is on Thursday 5 June at 05:00.
    const body = await insights("Asia/Kolkata");
    expect(body.fallbackOverTime.map((day: { date: string; count: number }) => [day.date, day.count])).toEqual([
      ["2025-06-02", 1],
      ["2025-06-03", 0],
      ["2025-06-04", 0],
      ["2025-06-05", 1],
    ]);
    const cells = (body.heatmap as { weekday: number; hour: number; count: number }[]).filter((cell) => cell.count > 0);
    expect(cells).toEqual([
      { weekday: 0, hour: 15, count: 1 },
      { weekday: 0, hour: 16, count: 1 },
      { weekday: 1, hour: 14, count: 1 },
      { weekday: 3, hour: 5, count: 1 },
    ]);
  });

  it("gives the length histogram and the weekday-by-hour heatmap", async () => {
    const body = await insights("UTC");
    const histogram = body.lengthHistogram as { bucket: string; count: number }[];
    expect(histogram.filter((bucket) => bucket.count > 0)).toEqual([
      { bucket: "3-4", min: 3, max: 4, count: 2 },
      { bucket: "5-6", min: 5, max: 6, count: 2 },
    ]);
    expect(histogram).toHaveLength(10);
    expect(body.heatmap).toHaveLength(7 * 24);
    expect((body.heatmap as { count: number }[]).filter((cell) => cell.count > 0)).toEqual([
      { weekday: 0, hour: 10, count: 1 },
      { weekday: 0, hour: 11, count: 1 },
      { weekday: 1, hour: 9, count: 1 },
      { weekday: 2, hour: 23, count: 1 },
    ]);
  });

  it("follows ratings given and taken back in days already counted", async () => {
    expect((await insights("UTC")).helpfulRate).toBe(2 / 3);
    const rater = await createUser();
    const rating = await db.feedback.create({
      data: { transcriptId: "ia-2", messageIndex: 2, feedbackType: "thumbs_down", userId: rater.id },
    });
    const body = await insights("UTC");
    expect(body.helpfulRate).toBe(2 / 4);
    expect(body.ratingsOverTime).toContainEqual({ date: "2025-06-02", helpful: 0, notHelpful: 2 });
    await db.feedback.delete({ where: { id: rating.id } });
    expect((await insights("UTC")).helpfulRate).toBe(2 / 3);
  });

  it("follows signals changed in days already counted, whose counts ratings leave as they are", async () => {
    // 3 June holds ia-3 alone: no handoff.
    const june3 = Math.floor(Date.parse("2025-06-03T00:00:00.000Z") / DAY_MS);
    const signalVersion = async () => {
      const [row] = await storeRead<{ version: unknown }>(
        sql`SELECT "version" FROM "TranscriptSignalDayVersion" WHERE "day" = ${int(june3)}`,
      );
      return String(row?.version);
    };
    expect((await insights("UTC")).handoffOverTime).toContainEqual({ date: "2025-06-03", rate: 0, count: 0 });
    const before = await signalVersion();
    const rater = await createUser();
    const rating = await db.feedback.create({
      data: { transcriptId: "ia-3", messageIndex: 2, feedbackType: "thumbs_down", userId: rater.id },
    });
    expect(await signalVersion()).toBe(before);

    const flip = () =>
      db.$executeRaw`UPDATE "TranscriptSignal" SET "handoff" = 1 - "handoff" WHERE "sortKey" = (SELECT "sortKey" FROM "Transcript" WHERE "id" = 'ia-3')`;
    await flip();
    expect(await signalVersion()).not.toBe(before);
    expect((await insights("UTC")).handoffOverTime).toContainEqual({ date: "2025-06-03", rate: 1, count: 1 });
    await flip();
    const body = await insights("UTC");
    expect(body.handoffOverTime).toContainEqual({ date: "2025-06-03", rate: 0, count: 0 });
    expect(body.ratingsOverTime).toContainEqual({ date: "2025-06-03", helpful: 1, notHelpful: 1 });
    await db.feedback.delete({ where: { id: rating.id } });
  });

  it("counts a range that cuts hours and slots, and stays exact when conversations are deleted", async () => {
    const cut = { startTime: "2025-06-02T10:00:00.001Z", endTime: "2025-06-04T23:29:59.999Z" };
    let body = await insights("UTC", cut);
    expect(body).toMatchObject({ fallbackRate: 0, containmentRate: 0.5, medianMessages: 4 });
    expect(body.lengthHistogram.filter((bucket: { count: number }) => bucket.count > 0)).toEqual([
      { bucket: "3-4", min: 3, max: 4, count: 1 },
      { bucket: "5-6", min: 5, max: 6, count: 1 },
    ]);
    await deleteTranscripts(["ia-4"]);
    body = await insights("UTC");
    expect(body).toMatchObject({ fallbackRate: 1 / 3, medianMessages: 3 });
    expect(body.containmentRate).toBeCloseTo(2 / 3, 12);
    expect(body.lengthHistogram.filter((bucket: { count: number }) => bucket.count > 0)).toEqual([
      { bucket: "3-4", min: 3, max: 4, count: 2 },
      { bucket: "5-6", min: 5, max: 6, count: 1 },
    ]);
  });
});
