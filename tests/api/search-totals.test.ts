// Search totals are counted once per (query, UTC day) and reused while the day is unchanged
// (lib/server/store/search-count-cache.ts). This file runs on SQLite and on PostgreSQL: every
// total must stay exact as transcripts are added, changed, moved and deleted between searches.
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { testProvider } from "../helpers/database-provider";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

// Whole days 2 to 19 of March, and part of the 1st and of the 20th.
const RANGE = { startTime: "2025-03-01T12:00:00.000Z", endTime: "2025-03-20T05:59:59.999Z" };

const onDay = (day: number, hour: number) => `2025-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;
const refund = (id: string, createdAt: string): TestTranscript => ({
  id,
  createdAt,
  turns: ["user: I want a refund", "Refunds take 5 days."],
});
const other = (id: string, createdAt: string): TestTranscript => ({
  id,
  createdAt,
  turns: ["user: where is my parcel", "It ships today."],
});

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts([
    refund("edge-before", onDay(1, 6)), // outside: before 12:00 on the 1st
    refund("edge-start", onDay(1, 18)),
    refund("d03", onDay(3, 10)),
    refund("d03b", onDay(3, 23)),
    other("d04", onDay(4, 10)),
    refund("d08", onDay(8, 0)),
    refund("d15", onDay(15, 12)),
    refund("edge-end", onDay(20, 5)),
    refund("edge-after", onDay(20, 6)), // outside: from 06:00 on the 20th
  ]);
});

const total = async (search: string) => {
  const res = await call(listRoute.GET, "GET", "/api/transcripts", { token, query: { ...RANGE, search, limit: "100" } });
  expect(res.status).toBe(200);
  return res.body.total as number;
};

describe("search totals", () => {
  it("count whole days and the partly covered days at both ends", async () => {
    expect(await total("refund")).toBe(6);
    expect(await total("refund")).toBe(6);
    expect(await total("parcel")).toBe(1);
    expect(await total("nothing like it")).toBe(0);
  });

  it("include a transcript added to a day counted before", async () => {
    expect(await total("refund")).toBe(6);
    await storeTranscripts([refund("d08-new", onDay(8, 15))]);
    expect(await total("refund")).toBe(7);
  });

  it("include a transcript added to an hour counted before on a partly covered day", async () => {
    // The ends of the range are counted by the hour: 12:00-23:59 on the 1st, 00:00-05:59 on the 20th.
    expect(await total("refund")).toBe(7);
    await storeTranscripts([refund("edge-start-new", "2025-03-01T18:30:00.000Z"), refund("edge-end-new", "2025-03-20T05:59:59.000Z")]);
    expect(await total("refund")).toBe(9);
    await db.transcript.deleteMany({ where: { id: { in: ["edge-start-new", "edge-end-new"] } } });
    expect(await total("refund")).toBe(7);
  });

  it("follow a transcript whose text changes", async () => {
    await storeTranscripts([other("d03", onDay(3, 10))]);
    expect(await total("refund")).toBe(6);
    expect(await total("parcel")).toBe(2);
    await storeTranscripts([refund("d04", onDay(4, 10))]);
    expect(await total("refund")).toBe(7);
    expect(await total("parcel")).toBe(1);
  });

  it("follow a transcript moved to another day, inside or outside the range", async () => {
    await storeTranscripts([refund("d15", onDay(10, 12))]);
    expect(await total("refund")).toBe(7);
    await storeTranscripts([refund("d15", onDay(25, 12))]);
    expect(await total("refund")).toBe(6);
  });

  it("drop deleted transcripts", async () => {
    await db.transcript.deleteMany({ where: { id: { in: ["d08", "d08-new"] } } });
    expect(await total("refund")).toBe(4);
  });

  it("reuse a day's count while the day keeps its version", async () => {
    expect(await total("refund")).toBe(4);
    // A text written behind the store's back, with the day's version put back as it was: the
    // cached count of that day is still served. Writing through the store would renew it.
    const [day] = await db.transcriptDayVersion.findMany({ where: { day: Math.floor(Date.parse(onDay(3, 0)) / 86_400_000) } });
    await db.transcriptText.updateMany({ where: { transcript: { id: "d03b" } }, data: { text: "no match any more" } });
    // PostgreSQL finds texts by their words (lib/server/store/postgres/word-index.ts): those change with the text.
    if (testProvider() === "postgres") await db.$executeRaw`UPDATE "TranscriptText" SET "words" = '{}' WHERE "text" = 'no match any more'`;
    await db.transcriptDayVersion.update({ where: { day: day.day }, data: { version: day.version } });
    expect(await total("refund")).toBe(4);
    // The same write seen through a new version.
    await db.transcriptDayVersion.update({ where: { day: day.day }, data: { version: day.version + 1n } });
    expect(await total("refund")).toBe(3);
  });
});
