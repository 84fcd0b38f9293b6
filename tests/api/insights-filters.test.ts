// The list's insight filters (signal, question group, device, OS, browser, hour of day in
// a time zone), alone, combined with each other and with the review filters, a search and a shorter
// range: every page holds exactly the transcripts a plain reading of the data says, and each total
// equals the number the analytics showed for that slice. Runs on SQLite and PostgreSQL.
import * as analyticsRoute from "@/app/api/analytics/route";
import * as topRoute from "@/app/api/analytics/top-questions/route";
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

// Three days around New York's change to summer time (2025-03-09 07:00 UTC), so that an hour of
// its day is a different UTC hour before and after.
const RANGE = { startTime: "2025-03-08T00:00:00.000Z", endTime: "2025-03-10T23:59:59.999Z" };
const COUNT = 54;
const ZONE = "America/New_York";

type Signal = "fallback" | "handoff" | "unanswered" | "repeated";

interface Facts {
  id: string;
  createdAt: string;
  device?: string;
  os?: string;
  browser?: string;
  signals: Signal[];
  group: "order" | "kayak" | "hours";
  refund: boolean;
}

const QUESTIONS = {
  order: (i: number) => `Where is my order NW-${1000 + i}?`,
  kayak: () => "do you sell kayaks",
  hours: () => "what are your opening hours",
};

const facts: Facts[] = Array.from({ length: COUNT + 1 }, (_, i) => {
  const signals: Signal[] = [];
  if (i % 5 === 1) signals.push("fallback");
  if (i % 7 === 2) signals.push("handoff");
  if (i % 11 === 3) signals.push("unanswered");
  else if (i % 8 === 4) signals.push("repeated");
  return {
    id: `if-${String(i).padStart(3, "0")}`,
    // Every 80 minutes and 7 seconds: every local hour is hit, some twice; the last one lies outside the range.
    createdAt: i === COUNT ? "2025-03-11T00:00:00.000Z" : new Date(Date.parse(RANGE.startTime) + i * 80 * 60_000 + i * 7_000).toISOString(),
    device: ["desktop", "mobile", undefined, "tablet"][i % 4],
    os: ["Windows", "iOS", "Android"][i % 3],
    // None, or the word "unknown" itself (as some platforms send it): both read as "unknown".
    browser: i % 5 === 0 ? undefined : i % 7 === 0 ? "unknown" : ["Chrome", "Safari"][i % 2],
    signals,
    group: (["order", "kayak", "hours"] as const)[i % 3],
    refund: i % 2 === 0,
  };
});

/** A dialog that derives exactly the transcript's signals and question group. */
function turnsOf(f: Facts, i: number): string[] {
  const question = QUESTIONS[f.group](i);
  const turns = [f.refund ? "Hi! Ask me about a refund or anything else." : "Hi! How can I help?", `user: ${question}`];
  turns.push(f.signals.includes("fallback") ? "Sorry, I didn't get that." : "Let me check that for you.");
  if (f.signals.includes("handoff")) turns.push("user: I want to speak to a real human", "One moment please.");
  if (f.signals.includes("repeated")) turns.push(`user: ${question}`, "As I said, let me check.");
  if (f.signals.includes("unanswered")) turns.push("user: hello? anyone there");
  return turns;
}

const localHour = (iso: string, timeZone: string) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date(iso)));
/** 0 Monday to 6 Sunday. */
const localWeekday = (iso: string, timeZone: string) =>
  ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(
    new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(new Date(iso)),
  );

let viewer: { user: { id: string }; token: string };
let reviewedIds: Set<string>;

beforeAll(async () => {
  viewer = await signedInUser();
  const specs: TestTranscript[] = facts.map((f, i) => ({
    id: f.id,
    createdAt: f.createdAt,
    device: f.device,
    os: f.os,
    browser: f.browser,
    turns: turnsOf(f, i),
  }));
  await storeTranscripts(specs);
  // Some transcripts reviewed, to combine with a review filter.
  const keys = await db.transcript.findMany({ where: { id: { in: facts.filter((_, i) => i % 3 === 0).map((f) => f.id) } } });
  for (const row of keys) await db.transcriptReview.create({ data: { sortKey: row.sortKey, status: "reviewed", updatedAt: new Date() } });
  reviewedIds = new Set(keys.map((row) => row.id));
});

type Query = Record<string, string | string[]>;

function expected(query: Query): string[] {
  const signals = query.signal === undefined ? [] : ([] as string[]).concat(query.signal);
  const attribute = (value: string | undefined, wanted: string | string[] | undefined) =>
    wanted === undefined || (wanted === "unknown" ? value === undefined || value === "unknown" : value === wanted);
  return facts
    .filter((f) => f.createdAt >= (query.startTime as string) && f.createdAt <= (query.endTime as string))
    .filter((f) => signals.length === 0 || signals.some((signal) => f.signals.includes(signal as Signal)))
    .filter((f) => query.questionGroup === undefined || groupKeyOf(f.group) === query.questionGroup)
    .filter((f) => attribute(f.device, query.device) && attribute(f.os, query.os) && attribute(f.browser, query.browser))
    .filter((f) => query.hour === undefined || localHour(f.createdAt, (query.tz as string | undefined) ?? "UTC") === Number(query.hour))
    .filter(
      (f) => query.weekday === undefined || localWeekday(f.createdAt, (query.tz as string | undefined) ?? "UTC") === Number(query.weekday),
    )
    .filter((f) => !query.search || f.refund)
    .filter((f) => query.status === undefined || (query.status === "reviewed") === reviewedIds.has(f.id))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((f) => f.id);
}

const GROUP_KEYS = { order: "where is my order <id>", kayak: "do you sell kayaks", hours: "what are your opening hours" };
const groupKeyOf = (group: Facts["group"]) => GROUP_KEYS[group];

async function everyPage(query: Query, limit = 7): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, page: String(page), limit: String(limit) }))
      for (const one of ([] as string[]).concat(value)) params.append(key, one);
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${params}`, { token: viewer.token });
    expect(res.status).toBe(200);
    totals.push(res.body.total);
    ids.push(...res.body.transcripts.map((item: { id: string }) => item.id));
    if (page >= res.body.totalPages) break;
  }
  return { ids, totals };
}

const cases: [string, Query][] = [
  ["fallback", { signal: "fallback" }],
  ["handoff", { signal: "handoff" }],
  ["unanswered", { signal: "unanswered" }],
  ["repeated", { signal: "repeated" }],
  ["fallback or handoff", { signal: ["fallback", "handoff"] }],
  ["question group", { questionGroup: GROUP_KEYS.order }],
  ["device", { device: "mobile" }],
  ["unknown device", { device: "unknown" }],
  ["OS", { os: "iOS" }],
  ["unknown browser", { browser: "unknown" }],
  ["hour 2 in New York (before and after the change)", { hour: "2", tz: ZONE }],
  ["hour 23 in New York", { hour: "23", tz: ZONE }],
  ["hour 0 in UTC", { hour: "0" }],
  ["hour 5 in Kolkata (a half-hour offset)", { hour: "5", tz: "Asia/Kolkata" }],
  ["Sunday in New York (the day the clocks change)", { weekday: "6", tz: ZONE }],
  ["Saturday at 23 in New York", { weekday: "5", hour: "23", tz: ZONE }],
  ["signal + device", { signal: "fallback", device: "desktop" }],
  ["question group + hour", { questionGroup: GROUP_KEYS.kayak, hour: String(localHour(facts[4].createdAt, ZONE)), tz: ZONE }],
  ["device + OS + browser", { device: "mobile", os: "iOS", browser: "Safari" }],
  ["signal + search", { signal: "fallback", search: "refund" }],
  ["device + search", { device: "desktop", search: "refund" }],
  ["hour + search", { hour: "14", tz: ZONE, search: "refund" }],
  ["signal + reviewed", { signal: "handoff", status: "reviewed" }],
  ["device + unreviewed", { device: "tablet", status: "unreviewed" }],
];

describe("GET /api/transcripts with insight filters", () => {
  it.each(cases)("%s: every page holds exactly the matching transcripts, with an exact total", async (_name, filters) => {
    const query: Query = { ...RANGE, ...filters };
    const wanted = expected(query);
    expect(wanted.length).toBeGreaterThan(0);
    const { ids, totals } = await everyPage(query);
    expect(ids).toEqual(wanted);
    expect(new Set(totals)).toEqual(new Set([wanted.length]));
  });

  it("narrows to a shorter range exactly, at its first and last millisecond", async () => {
    const query: Query = { startTime: facts[10].createdAt, endTime: facts[40].createdAt, device: "desktop", hour: "3", tz: ZONE };
    const { ids } = await everyPage({ startTime: query.startTime, endTime: query.endTime, device: "desktop" }, 5);
    expect(ids).toEqual(expected({ startTime: query.startTime, endTime: query.endTime, device: "desktop" }));
    const withHour = await everyPage(query, 5);
    expect(withHour.ids).toEqual(expected(query));
  });

  it.each([
    [{ signal: "sad" }, "signal: must be one of fallback, handoff, unanswered, repeated"],
    [{ hour: "24" }, "hour: must be a whole number from 0 to 23"],
    [{ hour: "-1" }, "hour: must be a whole number from 0 to 23"],
    [{ weekday: "7" }, "weekday: must be a whole number from 0 to 6"],
    [{ hour: "2", tz: "Mars/Olympus" }, "tz: must be an IANA time zone name such as Europe/Paris"],
    [{ device: "x".repeat(201) }, "device: must be at most 200 characters"],
  ])("refuses %j with 400", async (filters, message) => {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token: viewer.token, query: { ...RANGE, ...filters } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe("drill-down: the list's total equals the number the analytics showed", () => {
  const analytics = async (tz: string) =>
    (await call(analyticsRoute.GET, "GET", "/api/analytics", { token: viewer.token, query: { ...RANGE, tz } })).body;
  const total = async (query: Query) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...RANGE, ...query }))
      for (const one of ([] as string[]).concat(value)) params.append(key, one);
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${params}`, { token: viewer.token });
    expect(res.status).toBe(200);
    return res.body.total as number;
  };

  it("for every device, OS and browser slice", async () => {
    const body = await analytics(ZONE);
    const slices = [
      ...body.deviceDistribution.map((slice: { name: string; value: number }) => ({ key: "device", ...slice })),
      ...body.osDistribution.map((slice: { name: string; value: number }) => ({ key: "os", ...slice })),
      ...body.browserDistribution.map((slice: { name: string; value: number }) => ({ key: "browser", ...slice })),
    ];
    expect(slices.map((slice) => slice.name)).toContain("unknown");
    for (const slice of slices) expect({ slice, total: await total({ [slice.key]: slice.name }) }).toEqual({ slice, total: slice.value });
  });

  it("for every hour of the day, in two time zones", async () => {
    for (const tz of [ZONE, "Asia/Kolkata"]) {
      const body = await analytics(tz);
      for (const { hour, count } of body.peakHours as { hour: number; count: number }[]) {
        expect({ tz, hour, total: await total({ hour: String(hour), tz }) }).toEqual({ tz, hour, total: count });
      }
    }
  });

  it("for every cell of the weekday-by-hour heatmap", async () => {
    const body = await analytics(ZONE);
    const cells = body.insights.heatmap as { weekday: number; hour: number; count: number }[];
    expect(cells).toHaveLength(7 * 24);
    expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(COUNT);
    for (const { weekday, hour, count } of cells.filter((cell) => cell.count > 0 || cell.hour % 6 === 0)) {
      expect({ weekday, hour, total: await total({ weekday: String(weekday), hour: String(hour), tz: ZONE }) }).toEqual({
        weekday,
        hour,
        total: count,
      });
    }
  });

  it("for every day of the fallback and handoff series", async () => {
    const body = await analytics(ZONE);
    for (const signal of ["fallback", "handoff"] as const) {
      for (const point of body.insights[`${signal}OverTime`] as { date: string; count: number }[]) {
        const day = localDayRange(point.date, ZONE);
        const res = await call(listRoute.GET, "GET", "/api/transcripts", { token: viewer.token, query: { ...day, signal } });
        expect({ signal, date: point.date, total: res.body.total }).toEqual({ signal, date: point.date, total: point.count });
      }
    }
  });

  it("for every row of the top questions", async () => {
    const res = await call(topRoute.GET, "GET", "/api/analytics/top-questions", {
      token: viewer.token,
      query: { ...RANGE, tz: ZONE, limit: "100" },
    });
    expect(res.body).toHaveLength(3);
    for (const row of res.body as { group: string; count: number }[]) {
      expect({ group: row.group, total: await total({ questionGroup: row.group }) }).toEqual({ group: row.group, total: row.count });
    }
  });
});

/** The first and last millisecond of a local day (yyyy-MM-dd) in the zone, clipped to RANGE as the drill-down clips it. */
function localDayRange(date: string, timeZone: string): { startTime: string; endTime: string } {
  const [year, month, day] = date.split("-").map(Number);
  const midnight = (y: number, m: number, d: number) => {
    // The instant whose wall clock in the zone reads y-m-d 00:00: UTC midnight moved by the zone's offset there.
    const guess = Date.UTC(y, m - 1, d);
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    }).formatToParts(new Date(guess));
    const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    const wall = Date.UTC(value("year"), value("month") - 1, value("day"), value("hour"), value("minute"));
    return guess - (wall - guess);
  };
  const start = Math.max(midnight(year, month, day), Date.parse(RANGE.startTime));
  const end = Math.min(midnight(year, month, day + 1) - 1, Date.parse(RANGE.endTime));
  return { startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() };
}
