// range=7d|30d|90d (the last N days up to the request) in place of startTime and endTime: on the
// list, the bulk action and the export alike; a saved view that holds it shows the last N days
// whenever it is read, by whoever opens it. Runs on SQLite and PostgreSQL, on a faked Date.
import * as listRoute from "@/app/api/transcripts/route";
import * as exportRoute from "@/app/api/transcripts/export/route";
import * as bulkRoute from "@/app/api/transcripts/bulk/route";
import * as viewsRoute from "@/app/api/views/route";
import { NextRequest } from "next/server";
import { call } from "../helpers/api-client";
import { fakeOnly } from "../helpers/fake-only";
import { signedInUser } from "../helpers/users";
import { storeTranscripts } from "./transcripts-test-data";

const DAY_MS = 86_400_000;
const NOW = Date.parse("2025-06-30T12:00:00.000Z");

let owner: Awaited<ReturnType<typeof signedInUser>>;
let colleague: Awaited<ReturnType<typeof signedInUser>>;

// One transcript every 12 hours over the 100 days before NOW.
const ids = Array.from({ length: 200 }, (_, i) => `rel-${String(i).padStart(3, "0")}`);
const createdAt = (i: number) => NOW - ((i + 0.5) * DAY_MS) / 2;

/** The ids the list shows for the query, every page (none holds more than 200). */
async function listed(query: string, token = owner.token): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${query}&limit=100&page=${page}`, { token });
    expect(res.status).toBe(200);
    ids.push(...res.body.transcripts.map((item: { id: string }) => item.id));
    if (page >= res.body.totalPages) return ids;
  }
}

/** The ids created within the `days` before `now`, newest first. */
const expectedIds = (days: number, now: number) => ids.filter((_, i) => createdAt(i) >= now - days * DAY_MS && createdAt(i) <= now);

beforeAll(async () => {
  owner = await signedInUser();
  colleague = await signedInUser();
  await storeTranscripts(ids.map((id, i) => ({ id, createdAt: new Date(createdAt(i)).toISOString(), turns: ["user: hi", "Hello."] })));
});

beforeEach(() => {
  fakeOnly("Date");
  jest.setSystemTime(NOW);
});

afterEach(() => {
  jest.useRealTimers();
});

describe("range on GET /api/transcripts", () => {
  it.each([
    ["7d", 7],
    ["30d", 30],
    ["90d", 90],
  ])("range=%s lists the last %i days up to now", async (range, days) => {
    const got = await listed(`range=${range}`);
    expect(got).toEqual(expectedIds(days, NOW));
    expect(got.length).toBe(days * 2);
  });

  it("follows the clock: a day later, the last 7 days are a day later", async () => {
    jest.setSystemTime(NOW - 3 * DAY_MS);
    const earlier = await listed("range=7d");
    expect(earlier).toEqual(expectedIds(7, NOW - 3 * DAY_MS));
    jest.setSystemTime(NOW);
    expect(await listed("range=7d")).not.toEqual(earlier);
  });

  it.each([
    ["range=1y", "range: must be one of 7d, 30d, 90d"],
    [`range=7d&startTime=2025-06-01T00:00:00Z&endTime=2025-06-02T00:00:00Z`, "range: give either range or startTime and endTime"],
    ["range=7d&startTime=2025-06-01T00:00:00Z", "range: give either range or startTime and endTime"],
    ["", "startTime: startTime is required"],
  ])("refuses %p with 400", async (query, message) => {
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("takes a blank range as none", async () => {
    const res = await call(listRoute.GET, "GET", `/api/transcripts?range=&startTime=2025-06-29T00:00:00Z&endTime=2025-06-30T00:00:00Z`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
  });
});

describe("a saved view with a relative range", () => {
  it("shows the last 7 days whenever it is opened, to its owner and to a colleague a day later", async () => {
    const saved = await call(viewsRoute.POST, "POST", "/api/views", {
      token: owner.token,
      body: { name: "Handoffs to escalate", shared: true, query: "range=7d&device=unknown" },
    });
    expect(saved.status).toBe(201);
    const views = await call(viewsRoute.GET, "GET", "/api/views", { token: colleague.token });
    const view = views.body.find((one: { id: string }) => one.id === saved.body.id);
    expect(view.query).toBe("range=7d&device=unknown");
    expect(await listed(view.query)).toEqual(expectedIds(7, NOW));
    jest.setSystemTime(NOW + DAY_MS);
    const nextDay = await listed(view.query, colleague.token);
    expect(nextDay).toEqual(expectedIds(7, NOW + DAY_MS));
    expect(nextDay).toHaveLength(7 * 2 - 2);
  });
});

describe("range on the bulk action and the export", () => {
  it("acts on the same transcripts as the list of the same range", async () => {
    const expected = expectedIds(30, NOW);
    const res = await call(bulkRoute.POST, "POST", "/api/transcripts/bulk", {
      token: owner.token,
      body: { filter: { range: "30d" }, action: { status: "reviewed" }, expectedCount: expected.length },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matched: expected.length, changed: expected.length });
    expect(await listed("range=90d&status=reviewed")).toEqual(expected);
  });

  it("exports the last N days", async () => {
    const url = "http://localhost:3000/api/transcripts/export?format=jsonl&range=7d";
    const res = await exportRoute.GET(new NextRequest(url, { headers: { authorization: `Bearer ${owner.token}` } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string });
    expect(lines.map((line) => line.id)).toEqual(expectedIds(7, NOW));
  });
});
