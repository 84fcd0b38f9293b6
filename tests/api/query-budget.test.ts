// The time budget of the store's reads (QUERY_TIMEOUT_MS, lib/server/store/read-budget.ts):
// a read that runs past it is stopped and fails with a timeout the routes answer as 503, the store
// goes on serving (on SQLite the reads queued behind it too), and neither the store's write
// transactions nor the bulk commands (import, seed) are cut by it. Runs on both databases.
import { toErrorResponse, READ_TIMEOUT_MESSAGE } from "@/lib/server/http/error-response";
import { sql } from "@/lib/server/store/sql";
import { beginBulkWrites } from "@/lib/server/store";
import { storeRead, storeWrite } from "@/lib/server/store/active-database";
import { testProvider } from "../helpers/database-provider";

const BUDGET_MS = 300;
/** Runs for about a second on either database: far past the budget. */
const slowRead = () =>
  testProvider() === "postgres"
    ? sql`SELECT count(*) AS c FROM (SELECT pg_sleep(1)) AS s`
    : sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000000) SELECT count(*) AS c FROM n`;

let warn: jest.SpyInstance;

beforeEach(() => {
  process.env.QUERY_TIMEOUT_MS = String(BUDGET_MS);
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  delete process.env.QUERY_TIMEOUT_MS;
  warn.mockRestore();
});

it("stops a read that runs past the budget, logs it, and answers it as 503 with a message", async () => {
  const started = performance.now();
  const failure = await storeRead(slowRead()).catch((error: unknown) => error);
  const waitedMs = performance.now() - started;
  expect(waitedMs).toBeGreaterThanOrEqual(BUDGET_MS - 5);
  expect(waitedMs).toBeLessThan(900);
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`read ran past its time budget of ${BUDGET_MS} ms`)));
  const res = toErrorResponse(failure);
  expect(res.status).toBe(503);
  expect(await res.json()).toEqual({ message: READ_TIMEOUT_MESSAGE });
  expect(await storeRead<{ v: unknown }>(sql`SELECT 1 AS v`)).toEqual([{ v: 1 }]);
});

it("answers the reads queued behind a stopped one", async () => {
  const reads = [storeRead(slowRead()), ...Array.from({ length: 6 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index} AS v`))];
  const settled = await Promise.allSettled(reads);
  expect(settled[0]).toMatchObject({ status: "rejected" });
  expect(settled.slice(1).map((result) => (result.status === "fulfilled" ? Number((result.value as { v: unknown }[])[0].v) : result.reason))).toEqual([0, 1, 2, 3, 4, 5]);
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
