// The time budget of the store's reads (QUERY_TIMEOUT_MS, lib/server/store/read-budget.ts):
// a read that runs past it is stopped and fails with a timeout the routes answer as 503, the store
// goes on serving (on SQLite the reads queued behind it too), and neither the store's write
// transactions nor the bulk commands (import, seed) are cut by it. Runs on both databases; on
// SQLite the statement stops itself at its next within_budget() call (lib/server/store/sqlite/readers.ts).
// Nothing here depends on how fast the machine is: each statement runs past its budget by
// construction (PostgreSQL's pg_sleep; on SQLite millions of steps against a budget of a few
// milliseconds, or the reader's timer on this thread under jest's fake timers), and no test
// asserts how soon anything ended, only that nothing ended before its budget.
import { toErrorResponse, READ_TIMEOUT_MESSAGE } from "@/lib/server/http/error-response";
import { sql, type Sql } from "@/lib/server/store/sql";
import { beginBulkWrites, READ_TIMEOUT_CODE } from "@/lib/server/store";
import { activeDatabase, storeRead, storeWrite } from "@/lib/server/store/active-database";
import { itOn, testProvider } from "../helpers/database-provider";
import { fakeOnly } from "../helpers/fake-only";

const BUDGET_MS = 300;

/** SQLite: counts to `count`, checking its budget every 1024 steps as the store's long statements do. */
const countTo = (count: number) =>
  sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count} AND ((i & 1023) <> 0 OR within_budget())) SELECT count(*) AS c FROM n`;

/** Runs for many seconds on either database, however fast the machine: far past BUDGET_MS. */
const longRead = () => (testProvider() === "postgres" ? sql`SELECT count(*) AS c FROM (SELECT pg_sleep(10)) AS s` : countTo(200_000_000));

/** Takes far longer than 1 ms on either database (half a million steps on SQLite), and ends well within a second. */
const pastOneMs = () => (testProvider() === "postgres" ? sql`SELECT count(*) AS c FROM (SELECT pg_sleep(0.05)) AS s` : countTo(500_000));

let warn: jest.SpyInstance;

beforeEach(() => {
  process.env.QUERY_TIMEOUT_MS = String(BUDGET_MS);
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  delete process.env.QUERY_TIMEOUT_MS;
  warn.mockRestore();
});

/**
 * SQLite: stops the clock of this thread's timers (the reader's timer that answers a read at its
 * budget, and the one that replaces a reader as a last resort) until the test moves it on: a read
 * can then fail at its budget only because SQLite stopped it, at within_budget() in the reader,
 * whose clock runs on.
 */
function holdReaderTimers(): void {
  fakeOnly("setTimeout", "clearTimeout");
}

/** Starts the reads with a budget of `budgetMs` (each takes its budget as it starts), the ones after them with none. */
function withBudget<T>(budgetMs: number, start: () => T): T {
  process.env.QUERY_TIMEOUT_MS = String(budgetMs);
  try {
    return start();
  } finally {
    process.env.QUERY_TIMEOUT_MS = "0";
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T | unknown; ms: number }> {
  const started = performance.now();
  const result = await work().catch((error: unknown) => error);
  return { result, ms: performance.now() - started };
}

/** Three reads at once: at least one of them goes to the reader that ran the stopped statement. */
async function expectReadersAnswer() {
  const reads = [1, 2, 3].map((v) => storeRead<{ v: unknown }>(sql`SELECT ${v} AS v`));
  expect(await Promise.all(reads)).toEqual([[{ v: 1 }], [{ v: 2 }], [{ v: 3 }]]);
}

/** Lets the read just started reach its reader, without a turn of the event loop (which would handle its answer). */
async function microtasks() {
  for (let tick = 0; tick < 50; tick++) await Promise.resolve();
}

it("stops a read that runs past the budget, not before it, logs it, and answers it as 503 with a message", async () => {
  const { result: failure, ms } = await timed(() => storeRead(longRead()));
  expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
  // Date.now() in SQLite's reader and this thread's clock may round apart by a millisecond or so.
  expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 5);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`read ran past its time budget of ${BUDGET_MS} ms`)));
  const res = toErrorResponse(failure);
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ message: READ_TIMEOUT_MESSAGE });
  expect(await storeRead<{ v: unknown }>(sql`SELECT 1 AS v`)).toEqual([{ v: 1 }]);
});

itOn("sqlite")("interrupts a statement of many seconds inside SQLite at its budget, and its reader answers the next reads", async () => {
  await expectReadersAnswer();
  holdReaderTimers();
  // Unchecked, counting to 200 million takes many seconds; only SQLite's own check can stop it here.
  const { result: failure, ms } = await timed(() => storeRead(countTo(200_000_000)));
  expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
  expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 5);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(/An SQLite read ran past its time budget/));
  await expectReadersAnswer();
});

itOn("sqlite")("stops the store's scan of the texts of a range at its budget", async () => {
  // 20,000 texts of 1,000 characters in a range of a few hours: a search too short for the word
  // index (two characters) tests each of them, twenty megabytes, far more than 1 ms of work.
  const firstMs = Date.parse("2025-06-01T00:00:00.000Z");
  await storeWrite(async (tx) => {
    await tx.execute(sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999)
      INSERT INTO "Transcript" ("id", "sessionId", "createdAt", "updatedAt", "sortKey", "messageCount", "preview", "question", "answer", "source")
      SELECT 'scan-' || i, 'scan', '2025-06-01T00:00:00.000+00:00', '2025-06-01T00:00:00.000+00:00', (${firstMs} + i * 1000) * 1024 + (i % 1024), 0, '', '', '', '{}' FROM n`);
    await tx.execute(
      sql`INSERT INTO "TranscriptText" ("sortKey", "text") SELECT "sortKey", lower(hex(randomblob(500))) FROM "Transcript" WHERE "sessionId" = 'scan'`,
    );
  });
  const search = await activeDatabase().prepareSearch({ search: "zq", sessionId: null }, storeRead);
  expect(search.scansEveryText).toBe(true);
  const count = search.countSql({ startMs: firstMs, endMs: firstMs + 20_000 * 1000 });
  await expectReadersAnswer();

  holdReaderTimers();
  process.env.QUERY_TIMEOUT_MS = "1";
  const { result: failure } = await timed(() => storeRead(count));
  expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
  await expectReadersAnswer();
  // Without a budget the same scan runs to its end: it was the budget that stopped it.
  process.env.QUERY_TIMEOUT_MS = "0";
  expect(await storeRead<{ n: unknown }>(count)).toEqual([{ n: 0 }]);
});

itOn("sqlite")("replaces a reader whose statement never checks its budget, as a last resort, and answers the next read", async () => {
  await expectReadersAnswer();
  holdReaderTimers();
  // Millions of steps without a check: still running when the clock moves on, microseconds later.
  const unchecked = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000000) SELECT count(*) AS c FROM n`;
  const read = storeRead(unchecked).catch((error: unknown) => error);
  await microtasks();
  jest.advanceTimersByTime(BUDGET_MS);
  expect(await read).toMatchObject({ code: READ_TIMEOUT_CODE });
  const replaced = () => warn.mock.calls.some(([message]) => /its reader was replaced/.test(String(message)));
  expect(replaced()).toBe(false);
  // The last resort's wait after the budget.
  jest.runOnlyPendingTimers();
  expect(replaced()).toBe(true);
  expect(await Promise.all([storeRead(sql`SELECT 1 AS v`), storeRead(sql`SELECT 2 AS v`)])).toEqual([[{ v: 1 }], [{ v: 2 }]]);
});

itOn("sqlite")("answers a read the reader answered in time while this thread was busy past the budget", async () => {
  await expectReadersAnswer();
  holdReaderTimers();
  const read = storeRead<{ v: unknown }>(sql`SELECT 7 AS v`);
  await microtasks();
  // This thread blocks (without a turn of its event loop) for far longer than the reader takes to
  // answer, then its timer of the read's budget fires before the loop could handle that answer.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
  jest.advanceTimersByTime(BUDGET_MS);
  expect(await read).toEqual([{ v: 7 }]);
  expect(warn).not.toHaveBeenCalled();
});

it("answers the reads queued behind a stopped one", async () => {
  const reads = withBudget(BUDGET_MS, () => [
    storeRead(longRead()),
    ...Array.from({ length: 6 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index} AS v`)),
  ]);
  // Only the first has a budget: the others must wait for it, however long that takes here.
  const settled = await Promise.allSettled(reads);
  expect(settled[0]).toMatchObject({ status: "rejected", reason: { code: READ_TIMEOUT_CODE } });
  expect(
    settled.slice(1).map((result) => (result.status === "fulfilled" ? Number((result.value as { v: unknown }[])[0].v) : result.reason)),
  ).toEqual([0, 1, 2, 3, 4, 5]);
});

itOn("postgres")("ends the transaction of a stopped or failed read before its connection serves again", async () => {
  const failing: Sql[] = [longRead(), sql`SELECT * FROM "NoSuchTable"`, longRead()];
  const failures = await Promise.allSettled(withBudget(BUDGET_MS, () => failing.map((statement) => storeRead(statement))));
  expect(failures.map((failure) => failure.status)).toEqual(["rejected", "rejected", "rejected"]);
  const [open] = await storeRead<{ n: unknown }>(
    sql`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
  );
  expect(Number(open.n)).toBe(0);
  const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index} AS v`)));
  expect(answers.map(([row]) => Number(row.v))).toEqual(Array.from({ length: 12 }, (_, index) => index));
});

it("cuts a statement that takes longer than a budget of 1 ms", async () => {
  process.env.QUERY_TIMEOUT_MS = "1";
  expect(await storeRead(pastOneMs()).catch((error: unknown) => error)).toMatchObject({ code: READ_TIMEOUT_CODE });
});

it("does not cut the store's write transactions", async () => {
  process.env.QUERY_TIMEOUT_MS = "1";
  const [row] = await storeWrite((tx) => tx.query<{ c: unknown }>(pastOneMs()));
  expect(Number(row.c)).toBeGreaterThan(0);
});

it("does not cut the reads of a bulk command (import, seed)", async () => {
  process.env.QUERY_TIMEOUT_MS = "1";
  await beginBulkWrites();
  const [row] = await storeRead<{ c: unknown }>(pastOneMs());
  expect(Number(row.c)).toBeGreaterThan(0);
});
