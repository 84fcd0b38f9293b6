// The time budget of the store's reads (QUERY_TIMEOUT_MS, lib/server/store/read-budget.ts):
// a read that runs past it is stopped and fails with a timeout the routes answer as 503, the store
// goes on serving (on SQLite the reads queued behind it too), and neither the store's write
// transactions nor the bulk commands (import, seed) are cut by it. Runs on both databases; on
// SQLite the statement stops itself at its next within_budget() call (lib/server/store/sqlite/readers.ts).
import { toErrorResponse, READ_TIMEOUT_MESSAGE } from "@/lib/server/http/error-response";
import { sql } from "@/lib/server/store/sql";
import { beginBulkWrites, READ_TIMEOUT_CODE } from "@/lib/server/store";
import { activeDatabase, storeRead, storeWrite } from "@/lib/server/store/active-database";
import { itOn, testProvider } from "../helpers/database-provider";

const BUDGET_MS = 300;

/** SQLite: counts to `count`, checking its budget every 1024 steps as the store's long statements do. */
const countTo = (count: number) =>
  sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count} AND ((i & 1023) <> 0 OR within_budget())) SELECT count(*) AS c FROM n`;

/** Runs for about a second on either database: far past the budget. */
const slowRead = () => (testProvider() === "postgres" ? sql`SELECT count(*) AS c FROM (SELECT pg_sleep(1)) AS s` : countTo(8_000_000));

let warn: jest.SpyInstance;

beforeEach(() => {
  process.env.QUERY_TIMEOUT_MS = String(BUDGET_MS);
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  delete process.env.QUERY_TIMEOUT_MS;
  warn.mockRestore();
});

async function timed<T>(work: () => Promise<T>): Promise<{ result: T | unknown; ms: number }> {
  const started = performance.now();
  const result = await work().catch((error: unknown) => error);
  return { result, ms: performance.now() - started };
}

/**
 * SQLite: two reads at once, one for each reader; the reader of a stopped read takes the second
 * behind it. Both answer at once only if SQLite stopped that read itself.
 */
async function expectBothReadersFree() {
  const { result, ms } = await timed(() => Promise.all([storeRead(sql`SELECT 1 AS v`), storeRead(sql`SELECT 2 AS v`)]));
  expect(result).toEqual([[{ v: 1 }], [{ v: 2 }]]);
  expect(ms).toBeLessThan(100);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(warn).not.toHaveBeenCalledWith(expect.stringMatching(/its reader was replaced/));
}

it("stops a read that runs past the budget, logs it, and answers it as 503 with a message", async () => {
  const { result: failure, ms } = await timed(() => storeRead(slowRead()));
  expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 5);
  expect(ms).toBeLessThan(900);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`read ran past its time budget of ${BUDGET_MS} ms`)));
  const res = toErrorResponse(failure);
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ message: READ_TIMEOUT_MESSAGE });
  expect(await storeRead<{ v: unknown }>(sql`SELECT 1 AS v`)).toEqual([{ v: 1 }]);
});

itOn("sqlite")(
  "interrupts a statement of many seconds inside SQLite at its budget, and its reader answers the next read at once",
  async () => {
    // Unchecked, counting to 200 million takes many seconds.
    const { result: failure, ms } = await timed(() => storeRead(countTo(200_000_000)));
    expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(ms).toBeLessThan(BUDGET_MS + 100);
    await expectBothReadersFree();
  },
);

itOn("sqlite")("stops the store's scan of the texts of a range at its budget", async () => {
  // 20,000 texts of 4,000 characters in a range of a few hours: a search too short for the word
  // index (two characters) tests each of them.
  const firstMs = Date.parse("2025-06-01T00:00:00.000Z");
  await storeWrite(async (tx) => {
    await tx.execute(sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999)
      INSERT INTO "Transcript" ("id", "sessionId", "createdAt", "updatedAt", "sortKey", "messageCount", "preview", "question", "answer", "source")
      SELECT 'scan-' || i, 'scan', '2025-06-01T00:00:00.000+00:00', '2025-06-01T00:00:00.000+00:00', (${firstMs} + i * 1000) * 1024 + (i % 1024), 0, '', '', '', '{}' FROM n`);
    await tx.execute(
      sql`INSERT INTO "TranscriptText" ("sortKey", "text") SELECT "sortKey", lower(hex(randomblob(2000))) FROM "Transcript" WHERE "sessionId" = 'scan'`,
    );
  });
  const search = await activeDatabase().prepareSearch({ search: "zq", sessionId: null });
  expect(search.scansEveryText).toBe(true);
  const count = search.countSql({ startMs: firstMs, endMs: firstMs + 20_000 * 1000 });

  // Each budget has readers of its own: first reads start them (and may outlast a small budget
  // doing so), so that only the scan is timed.
  process.env.QUERY_TIMEOUT_MS = "0";
  await storeRead(count);
  const whole = await timed(() => storeRead<{ n: unknown }>(count));
  expect(whole.result).toEqual([{ n: 0 }]);
  const budgetMs = Math.max(5, Math.floor(whole.ms / 4));
  process.env.QUERY_TIMEOUT_MS = String(budgetMs);
  await Promise.allSettled([storeRead(sql`SELECT 1`), storeRead(sql`SELECT 2`)]);
  const { result: failure, ms } = await timed(() => storeRead(count));
  expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
  expect(ms).toBeLessThan(budgetMs + 100);
  await expectBothReadersFree();
});

itOn("sqlite")("replaces a reader whose statement never checks its budget, as a last resort, and answers the next read", async () => {
  const unchecked = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000000) SELECT count(*) AS c FROM n`;
  const { result: failure, ms } = await timed(() => storeRead(unchecked));
  expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
  expect(ms).toBeLessThan(BUDGET_MS + 100);
  const replaced = () => warn.mock.calls.some(([message]) => /its reader was replaced/.test(String(message)));
  for (let waitedMs = 0; !replaced() && waitedMs < 2000; waitedMs += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(replaced()).toBe(true);
  expect(await Promise.all([storeRead(sql`SELECT 1 AS v`), storeRead(sql`SELECT 2 AS v`)])).toEqual([[{ v: 1 }], [{ v: 2 }]]);
});

itOn("sqlite")("answers a read the reader answered in time while this thread was busy past the budget", async () => {
  const read = storeRead<{ v: unknown }>(sql`SELECT 7 AS v`);
  // Microtasks only, so that the read is sent and its answer not yet handled; then this thread is
  // busy from the event loop's check phase, so that the loop's next turn runs its expired timers
  // (the read's budget) before it handles the answer that arrived meanwhile.
  for (let tick = 0; tick < 50; tick++) await Promise.resolve();
  await new Promise<void>((resolve) =>
    setImmediate(() => {
      const busyUntil = performance.now() + BUDGET_MS + 200;
      while (performance.now() < busyUntil);
      resolve();
    }),
  );
  expect(await read).toEqual([{ v: 7 }]);
  expect(warn).not.toHaveBeenCalled();
});

it("answers the reads queued behind a stopped one", async () => {
  const reads = [storeRead(slowRead()), ...Array.from({ length: 6 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index} AS v`))];
  const settled = await Promise.allSettled(reads);
  expect(settled[0]).toMatchObject({ status: "rejected" });
  expect(
    settled.slice(1).map((result) => (result.status === "fulfilled" ? Number((result.value as { v: unknown }[])[0].v) : result.reason)),
  ).toEqual([0, 1, 2, 3, 4, 5]);
});

itOn("postgres")("ends the transaction of a stopped or failed read before its connection serves again", async () => {
  const failures = await Promise.allSettled([storeRead(slowRead()), storeRead(sql`SELECT * FROM "NoSuchTable"`), storeRead(slowRead())]);
  expect(failures.map((failure) => failure.status)).toEqual(["rejected", "rejected", "rejected"]);
  const [open] = await storeRead<{ n: unknown }>(
    sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  expect(Number(open.n)).toBe(0);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index} AS v`)));
  expect(answers.map(([row]) => Number(row.v))).toEqual(Array.from({ length: 12 }, (_, index) => index));
});

it("does not cut the store's write transactions", async () => {
  const [row] = await storeWrite((tx) => tx.query<{ c: unknown }>(slowRead()));
  expect(Number(row.c)).toBeGreaterThan(0);
});

it("does not cut the reads of a bulk command (import, seed)", async () => {
  await beginBulkWrites();
  const [row] = await storeRead<{ c: unknown }>(slowRead());
  expect(Number(row.c)).toBeGreaterThan(0);
});
