// GET /api/analytics against a real database (SQLite and PostgreSQL): days and hours counted in the
// viewer's time zone, distributions, and totals that always equal the list's total.
import * as analyticsRoute from "@/app/api/analytics/route";
import * as listRoute from "@/app/api/transcripts/route";
import { deleteTranscripts } from "@/lib/server/store";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const transcripts: TestTranscript[] = [
  // Around the start of US daylight saving time (2025-03-09 07:00 UTC) and Indian midnight (18:30 UTC).
  { id: "a1", createdAt: "2025-03-08T18:29:59.999Z", device: "desktop", os: "windows", browser: "chrome" },
  { id: "a2", createdAt: "2025-03-08T18:30:00.000Z", device: "desktop", os: "macos", browser: "safari" },
  { id: "a3", createdAt: "2025-03-09T04:59:00.000Z", device: "mobile", os: "ios", browser: "safari" },
  { id: "a4", createdAt: "2025-03-09T05:00:00.000Z", device: "mobile", os: "android", browser: "chrome" },
  { id: "a5", createdAt: "2025-03-09T06:59:59.000Z", device: "mobile", os: "ios" },
  { id: "a6", createdAt: "2025-03-09T07:00:00.000Z", device: "tablet" },
  { id: "a7", createdAt: "2025-03-09T07:07:07.000Z" },
  { id: "a8", createdAt: "2025-03-11T12:00:00.000Z", device: "desktop", os: "windows", browser: "edge" },
  { id: "a9", createdAt: "2025-03-11T12:14:59.999Z", device: "desktop", os: "windows", browser: "chrome" },
  { id: "b1", createdAt: "2025-03-11T12:15:00.000Z", device: "desktop", os: "windows", browser: "chrome" },
];

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
});

const analytics = (query: Record<string, string>) => call(analyticsRoute.GET, "GET", "/api/analytics", { token, query });
const listTotal = async (query: Record<string, string>) =>
  (await call(listRoute.GET, "GET", "/api/transcripts", { token, query })).body.total;
const days = (body: { transcriptsOverTime: { date: string; count: number }[] }) =>
  Object.fromEntries(body.transcriptsOverTime.map((d) => [d.date, d.count]));
const hours = (body: { peakHours: { hour: number; count: number }[] }) =>
  Object.fromEntries(body.peakHours.filter((h) => h.count > 0).map((h) => [h.hour, h.count]));

describe("GET /api/analytics", () => {
  const RANGE = { startTime: "2025-03-08T00:00:00.000Z", endTime: "2025-03-12T23:59:59.999Z" };

  it("counts days and hours in UTC by default, every day present", async () => {
    const res = await analytics(RANGE);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(10);
    expect(res.body.transcriptsOverTime).toEqual([
      { date: "2025-03-08", count: 2 },
      { date: "2025-03-09", count: 5 },
      { date: "2025-03-10", count: 0 },
      { date: "2025-03-11", count: 3 },
      { date: "2025-03-12", count: 0 },
    ]);
    expect(res.body.peakHours).toHaveLength(24);
    expect(res.body.peakHours.map((h: { hour: number }) => h.hour)).toEqual([...Array(24).keys()]);
    expect(hours(res.body)).toEqual({ 4: 1, 5: 1, 6: 1, 7: 2, 12: 3, 18: 2 });
  });

  it("counts in a half-hour zone (Asia/Kolkata, +05:30)", async () => {
    const res = await analytics({ ...RANGE, tz: "Asia/Kolkata" });
    expect(days(res.body)).toEqual({
      "2025-03-08": 1,
      "2025-03-09": 6,
      "2025-03-10": 0,
      "2025-03-11": 3,
      "2025-03-12": 0,
      "2025-03-13": 0,
    });
    // 18:29:59.999 UTC is 23:59:59.999 in India, and 18:30 UTC is midnight of the next day.
    expect(hours(res.body)).toEqual({ 23: 1, 0: 1, 10: 2, 12: 3, 17: 3 });
  });

  it("counts across a daylight saving change (America/New_York)", async () => {
    const res = await analytics({ ...RANGE, tz: "America/New_York" });
    // 07:00 UTC on March 9 is 03:00 EDT; 06:59:59 UTC is 01:59:59 EST.
    expect(days(res.body)).toEqual({
      "2025-03-07": 0,
      "2025-03-08": 3,
      "2025-03-09": 4,
      "2025-03-10": 0,
      "2025-03-11": 3,
      "2025-03-12": 0,
    });
    expect(hours(res.body)).toEqual({ 13: 2, 23: 1, 0: 1, 1: 1, 3: 2, 8: 3 });
  });

  it("ranks devices, OSes and browsers, missing ones as unknown", async () => {
    const res = await analytics(RANGE);
    expect(res.body.deviceDistribution).toEqual([
      { name: "Desktop", value: 5 },
      { name: "Mobile", value: 3 },
      { name: "Tablet", value: 1 },
      { name: "unknown", value: 1 },
    ]);
    expect(res.body.osDistribution).toEqual([
      { name: "Windows", value: 4 },
      { name: "iOS", value: 2 },
      { name: "unknown", value: 2 },
      { name: "Android", value: 1 },
      { name: "macOS", value: 1 },
    ]);
    expect(res.body.browserDistribution).toEqual([
      { name: "Chrome", value: 4 },
      { name: "unknown", value: 3 },
      { name: "Safari", value: 2 },
      { name: "Edge", value: 1 },
    ]);
  });

  // Ranges whose ends fall inside 15-minute slots and hours, so rollups and raw rows combine.
  const ranges: [string, string][] = [
    ["2025-03-08T18:29:59.999Z", "2025-03-08T18:30:00.000Z"],
    ["2025-03-08T18:30:00.001Z", "2025-03-09T07:00:00.000Z"],
    ["2025-03-09T04:59:30.000Z", "2025-03-09T07:07:06.999Z"],
    ["2025-03-11T12:00:00.001Z", "2025-03-11T12:15:00.000Z"],
    ["2025-03-11T12:14:59.999Z", "2025-03-11T12:14:59.999Z"],
    ["2025-03-01T00:00:00.000Z", "2025-03-31T00:00:00.000Z"],
  ];

  it.each(ranges)("totals equal the list's total from %s to %s, in any zone", async (startTime, endTime) => {
    const expected = transcripts.filter((t) => t.createdAt >= startTime && t.createdAt <= endTime).length;
    expect(await listTotal({ startTime, endTime })).toBe(expected);
    for (const tz of ["UTC", "Asia/Kolkata", "America/New_York", "Asia/Kathmandu"]) {
      const res = await analytics({ startTime, endTime, tz });
      expect(res.body.total).toBe(expected);
      const sum = (items: { count?: number; value?: number }[]) =>
        items.reduce((total, item) => total + (item.count ?? item.value ?? 0), 0);
      expect(sum(res.body.transcriptsOverTime)).toBe(expected);
      expect(sum(res.body.peakHours)).toBe(expected);
      for (const key of ["deviceDistribution", "osDistribution", "browserDistribution"]) expect(sum(res.body[key])).toBe(expected);
    }
  });

  it("is empty but complete for a range without transcripts", async () => {
    const res = await analytics({ startTime: "2024-01-01T00:00:00Z", endTime: "2024-01-03T12:00:00Z" });
    expect(res.body).toEqual({
      total: 0,
      transcriptsOverTime: [
        { date: "2024-01-01", count: 0 },
        { date: "2024-01-02", count: 0 },
        { date: "2024-01-03", count: 0 },
      ],
      peakHours: [...Array(24).keys()].map((hour) => ({ hour, count: 0 })),
      deviceDistribution: [],
      osDistribution: [],
      browserDistribution: [],
      insights: expect.objectContaining({ containmentRate: null, fallbackRate: null, helpfulRate: null, medianMessages: null }),
    });
    const { insights } = res.body;
    expect(insights.fallbackOverTime.map((day: { date: string; count: number }) => [day.date, day.count])).toEqual([
      ["2024-01-01", 0],
      ["2024-01-02", 0],
      ["2024-01-03", 0],
    ]);
    expect(insights.lengthHistogram.every((bucket: { count: number }) => bucket.count === 0)).toBe(true);
    expect(insights.heatmap.every((cell: { count: number }) => cell.count === 0)).toBe(true);
  });

  it("follows transcripts that are re-sent with another time or device", async () => {
    const before = await analytics(RANGE);
    await storeTranscripts([{ id: "a8", createdAt: "2025-03-12T09:00:00.000Z", device: "mobile", os: "windows", browser: "edge" }]);
    const after = await analytics(RANGE);
    expect(after.body.total).toBe(before.body.total);
    expect(days(after.body)["2025-03-11"]).toBe(2);
    expect(days(after.body)["2025-03-12"]).toBe(1);
    expect(after.body.deviceDistribution).toEqual([
      { name: "Desktop", value: 4 },
      { name: "Mobile", value: 4 },
      { name: "Tablet", value: 1 },
      { name: "unknown", value: 1 },
    ]);
    await storeTranscripts([transcripts.find((t) => t.id === "a8")!]);
    expect((await analytics(RANGE)).body).toEqual(before.body);
  });

  it("follows a transcript re-sent with only its device changed, in a day already counted", async () => {
    const a8 = transcripts.find((t) => t.id === "a8")!;
    const before = await analytics(RANGE);
    await storeTranscripts([{ ...a8, device: "tablet" }]);
    const after = await analytics(RANGE);
    expect(after.body.total).toBe(before.body.total);
    expect(after.body.deviceDistribution).toEqual([
      { name: "Desktop", value: 4 },
      { name: "Mobile", value: 3 },
      { name: "Tablet", value: 2 },
      { name: "unknown", value: 1 },
    ]);
    await storeTranscripts([a8]);
    expect((await analytics(RANGE)).body).toEqual(before.body);
  });

  it("follows a transcript written into an hour already counted of a day the zone's range cuts", async () => {
    // New York's 9 to 11 March: UTC's 9 March from 05:00 and 12 March to 03:59, both kept by the hour.
    const range = { startTime: "2025-03-09T05:00:00.000Z", endTime: "2025-03-12T03:59:59.999Z", tz: "America/New_York" };
    const before = await analytics(range);
    expect(before.body.total).toBe(7);
    await storeTranscripts([{ id: "late-1", createdAt: "2025-03-12T02:30:00.000Z", device: "tablet" }]);
    const after = await analytics(range);
    expect(after.body.total).toBe(8);
    expect(days(after.body)["2025-03-11"]).toBe(days(before.body)["2025-03-11"] + 1);
    expect(hours(after.body)[22]).toBe((hours(before.body)[22] ?? 0) + 1);
    expect(after.body.deviceDistribution.find((entry: { name: string }) => entry.name === "Tablet").value).toBe(2);
    await deleteTranscripts(["late-1"]);
    expect((await analytics(range)).body).toEqual(before.body);
  });

  it.each([
    ["no dates", {}, /startTime/],
    ["an invalid date", { ...RANGE, startTime: "soon" }, /startTime/],
    ["a backwards range", { startTime: RANGE.endTime, endTime: RANGE.startTime }, /endTime: must not be before startTime/],
    ["an unknown time zone", { ...RANGE, tz: "Mars/Olympus" }, /tz: must be an IANA time zone/],
    ["an injected time zone", { ...RANGE, tz: 'UTC\'; DROP TABLE "Transcript"; --' }, /tz/],
    ["a range of ten years", { startTime: "2015-01-01T00:00:00Z", endTime: "2025-01-01T00:00:00Z" }, /at most 1096 days/],
  ])("refuses %s with 400", async (_case, query, message) => {
    const res = await analytics(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});
