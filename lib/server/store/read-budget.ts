// The time budget of a store read that serves a request (QUERY_TIMEOUT_MS, 0 turns it off): past
// it the statement is stopped and the read fails with READ_TIMEOUT_CODE, which the routes answer
// as 503 (lib/server/http/error-response.ts), so that no request holds a connection, a reader or the
// database's CPU for long. Write transactions and the bulk commands (import, seed) run without it:
// a batch cut halfway would be lost whole.

export const READ_TIMEOUT_CODE = "STORE_READ_TIMEOUT";

const DEFAULT_QUERY_TIMEOUT_MS = 3000;

export function readTimeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: READ_TIMEOUT_CODE });
}

const globalForBudget = globalThis as unknown as { isBulkLoad?: boolean; isKeyLookup?: boolean };

/** From now on this process is a bulk command (import, seed): its reads run without a budget. */
export function exemptBulkLoad(): void {
  globalForBudget.isBulkLoad = true;
}

/**
 * Starts a read of one row by its key without a budget: an index lookup cannot run long, and on
 * PostgreSQL a read without a budget is one statement instead of a transaction of three. Each
 * database takes a read's budget synchronously as the read starts, so the exemption covers exactly
 * the read `start` begins.
 */
export function withoutBudget<T>(start: () => T): T {
  globalForBudget.isKeyLookup = true;
  try {
    return start();
  } finally {
    globalForBudget.isKeyLookup = false;
  }
}

/** The budget of a read starting now, in ms (0: none), as QUERY_TIMEOUT_MS configures it. */
export function readBudgetMs(): number {
  if (globalForBudget.isBulkLoad || globalForBudget.isKeyLookup) return 0;
  const configured = Number(process.env.QUERY_TIMEOUT_MS || DEFAULT_QUERY_TIMEOUT_MS);
  return Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_QUERY_TIMEOUT_MS;
}
