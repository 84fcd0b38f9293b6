// One signed-in user must not be able to freeze the server with searches. Ten hostile searches at
// once (fresh words, the widest range allowed, one- and two-character fragments, LIKE wildcards,
// quotes) run against a few thousand generated transcripts while /api/health and an ordinary list
// call go on answering; and while a scan of texts runs without end, both answer, so neither the
// event loop of this process (where the route handlers run, tests/helpers/api-client.ts) nor the
// other reads wait for a scan. Each hostile case is also pinned down on its own: a range past the
// limit is refused, a search over empty calendar days does no work for them, and a read past its
// time budget answers 503. Runs on both databases.
import * as analyticsRoute from "@/app/api/analytics/route";
import * as healthRoute from "@/app/api/health/route";
import * as listRoute from "@/app/api/transcripts/route";
import { MAX_RANGE_DAYS } from "@/lib/schemas/query-params";
import { READ_TIMEOUT_MESSAGE } from "@/lib/server/http/error-response";
import { cachedSearchCountEntries } from "@/lib/server/store/search-count-cache";
import { generateTranscripts } from "@/scripts/lib/transcript-generator";
import { closeStore } from "@/lib/server/store";
import { storeRead } from "@/lib/server/store/active-database";
import { sql } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { testProvider } from "../helpers/database-provider";
import { storeTranscripts } from "../helpers/stored-transcripts";
import { signedInUser } from "../helpers/users";

const DAY_MS = 86_400_000;
const END_MS = Date.UTC(2025, 5, 30, 18, 0, 0);
const TRANSCRIPTS = 3000;
/** The widest range the list accepts, ending with the generated data (which covers its last 90 days). */
const WIDEST = { startTime: new Date(END_MS - MAX_RANGE_DAYS * DAY_MS).toISOString(), endTime: new Date(END_MS).toISOString() };
/** What a caller hostile to the search might send: none of it may hold up anyone else. */
const HOSTILE_FRAGMENTS = ["e", "a", "th", "an", "%", "_", "%_%", '"', "'", "''", "\\"];
const HOSTILE_CLIENTS = 10;
const SEARCHES_PER_CLIENT = 12;

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  for (const batch of generateTranscripts({ count: TRANSCRIPTS, days: 90, seed: "hostile", endMs: END_MS }, 500))
    await storeTranscripts(...batch);
}, 300_000);

const list = (query: Record<string, string>) => call(listRoute.GET, "GET", "/api/transcripts", { token, query });

describe("the longest range", () => {
  const tooLong = { startTime: new Date(END_MS - (MAX_RANGE_DAYS + 1) * DAY_MS).toISOString(), endTime: WIDEST.endTime };
  const unbounded = { startTime: "1990-01-01T00:00:00Z", endTime: "2199-12-31T00:00:00Z" };

  it.each([
    ["the list", listRoute.GET, "/api/transcripts", {}],
    ["a search", listRoute.GET, "/api/transcripts", { search: "zq1" }],
    ["the analytics", analyticsRoute.GET, "/api/analytics", {}],
  ])("%s refuses a longer range with a 400 naming the limit", async (_name, handler, path, extra) => {
    for (const range of [tooLong, unbounded]) {
      const res = await call(handler, "GET", path, { token, query: { ...range, ...extra } });
      expect(res).toMatchObject({ status: 400, body: { message: `endTime: the range may span at most ${MAX_RANGE_DAYS} days` } });
    }
  });

  it("is accepted whole, by the list, a search and the analytics", async () => {
    expect((await list(WIDEST)).body.total).toBe(TRANSCRIPTS);
    expect((await list({ ...WIDEST, search: "zq1" })).body).toMatchObject({ total: 0, transcripts: [] });
    const analytics = await call(analyticsRoute.GET, "GET", "/api/analytics", { token, query: WIDEST });
    expect(analytics.body.total).toBe(TRANSCRIPTS);
    expect(analytics.body.transcriptsOverTime).toHaveLength(MAX_RANGE_DAYS + 1);
  });
});

describe("a search over calendar days that hold no transcripts", () => {
  it("does no work for those days: it keeps no count for them", async () => {
    // Three years that end long before the first transcript.
    const empty = {
      startTime: "2019-01-01T06:00:00Z",
      endTime: new Date(Date.parse("2019-01-01T06:00:00Z") + MAX_RANGE_DAYS * DAY_MS).toISOString(),
    };
    const before = cachedSearchCountEntries();
    expect((await list({ ...empty, search: "refund" })).body).toMatchObject({ total: 0, transcripts: [] });
    expect(cachedSearchCountEntries()).toBe(before);
  });

  it("keeps counts only for the days of the range that hold transcripts", async () => {
    const before = cachedSearchCountEntries();
    const res = await list({ ...WIDEST, search: "refund" });
    expect(res.status).toBe(200);
    // 90 days of data (91 calendar days at most), and the whole hours of the range's partial last day.
    expect(cachedSearchCountEntries() - before).toBeLessThanOrEqual(91 + 24);
  });
});

describe("a read past its time budget", () => {
  it("answers 503 with a message rather than keep the caller waiting", async () => {
    const silence = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    process.env.QUERY_TIMEOUT_MS = "1";
    try {
      // Two characters over every text: each count tests thousands of texts, far past 1 ms.
      const res = await list({ ...WIDEST, search: "qz" });
      expect(res).toMatchObject({ status: 503, body: { message: READ_TIMEOUT_MESSAGE } });
      expect(silence).toHaveBeenCalledWith(expect.stringMatching(/ran past its time budget of 1 ms/));
    } finally {
      process.env.QUERY_TIMEOUT_MS = "0";
      silence.mockRestore();
    }
    expect((await list({ ...WIDEST, search: "qz" })).status).toBe(200);
  });
});

/**
 * A read that scans texts (it takes the scans' lane, as a search that tests every text does) and
 * runs until `stop`: SQLite counts without end, checking its budget (none here) as the store's
 * scans do, until the store closes and ends its reader; PostgreSQL sleeps until it is cancelled.
 */
function endlessScan(): { isRunning: () => boolean; stop: () => Promise<unknown> } {
  const isPostgres = testProvider() === "postgres";
  const statement = isPostgres
    ? sql`SELECT pg_sleep(86400) AS "endless"`
    : sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE (i & 1023) <> 0 OR within_budget()) SELECT count(*) AS "endless" FROM n`;
  let isRunning = true;
  const scan = storeRead(statement, { scansTexts: true }).then(
    (rows) => rows,
    (error: unknown) => error,
  );
  void scan.finally(() => (isRunning = false));
  return {
    isRunning: () => isRunning,
    async stop() {
      if (isPostgres) {
        await storeRead(
          sql`SELECT pg_cancel_backend("pid") FROM pg_stat_activity WHERE "query" LIKE '%pg_sleep(86400)%' AND "pid" <> pg_backend_pid()`,
        );
      } else {
        await closeStore();
      }
      return scan;
    },
  };
}

describe("ten hostile searches at once", () => {
  const ordinary = { startTime: new Date(END_MS - 30 * DAY_MS).toISOString(), endTime: WIDEST.endTime, page: "1", limit: "20" };
  const probe = async () => [(await call(healthRoute.GET, "GET", "/api/health")).status, (await list(ordinary)).status];

  it("are each answered, and so are /api/health and an ordinary list call meanwhile", async () => {
    // Without a budget (tests/helpers/use-test-database.ts): each must be answered with its results,
    // however long the machine takes.
    let fresh = 0;
    const hostileStatuses: number[] = [];
    const hostileClient = async (client: number) => {
      for (let round = 0; round < SEARCHES_PER_CLIENT; round++) {
        fresh += 1;
        // A fresh word each time (nothing counted before), or a fragment that matches nearly everything or nothing.
        const search = round % 2 === 0 ? `zq${fresh}` : HOSTILE_FRAGMENTS[(client + round * HOSTILE_CLIENTS) % HOSTILE_FRAGMENTS.length];
        hostileStatuses.push(
          (await list({ ...WIDEST, search, page: String(1 + (round % 3)), limit: round % 4 === 3 ? "100" : "20" })).status,
        );
      }
    };
    const probes: number[][] = [];
    let isLoaded = true;
    const prober = async () => {
      while (isLoaded) probes.push(await probe());
    };
    const probing = prober();
    await Promise.all(Array.from({ length: HOSTILE_CLIENTS }, (_, client) => hostileClient(client)));
    isLoaded = false;
    await probing;

    expect(hostileStatuses).toHaveLength(HOSTILE_CLIENTS * SEARCHES_PER_CLIENT);
    expect(hostileStatuses.every((status) => status === 200)).toBe(true);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((statuses) => statuses.every((status) => status === 200))).toBe(true);
  }, 120_000);

  it("hold up neither the event loop nor an ordinary read: a scan without end leaves both answering", async () => {
    // How fast each call answers is the bench's hostile phase to measure (docs/benchmarks.md); here
    // the order is what counts: a scan that held the event loop, or a read queued behind it, would
    // keep these calls from answering for as long as it runs, which is until the test stops it.
    // Without a budget (tests/helpers/use-test-database.ts) the scan runs until it is stopped.
    await probe();
    const scan = endlessScan();
    try {
      for (let round = 0; round < 3; round++) expect(await probe()).toEqual([200, 200]);
      expect((await list({ ...ordinary, search: "refund" })).status).toBe(200);
      expect(scan.isRunning()).toBe(true);
    } finally {
      // The cancelled read is logged as cut short.
      const silence = jest.spyOn(console, "warn").mockImplementation(() => undefined);
      expect(await scan.stop()).toBeInstanceOf(Error);
      silence.mockRestore();
    }
    expect(await probe()).toEqual([200, 200]);
  });
});
