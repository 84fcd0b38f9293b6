import "server-only";
import pLimit, { type LimitFunction } from "p-limit";
import { dialectOf, type DatabaseName } from "../store";

/**
 * How many signed-in requests one server instance works on at once (REQUESTS_AT_ONCE); the rest
 * wait their turn in order of arrival. 0 sets no limit.
 *
 * On PostgreSQL the answer of every read is handled on the server's one thread, behind the work
 * of every request in flight: without a limit, a call that reads several times in a row (a
 * search) waits behind the whole crowd at each read, and the slowest calls' latency grows with
 * the number of clients. With a limit, the requests in progress finish before the next ones
 * start. Each database has its default in its dialect (the store's dialect.ts files).
 */
export function requestsAtOnceFor(database: DatabaseName, setting: string | undefined): number {
  const configured = setting?.trim() ? Number(setting) : NaN;
  if (Number.isInteger(configured) && configured >= 0) return configured;
  return dialectOf(database).defaultRequestsAtOnce;
}

let current: { size: number; limit: LimitFunction } | null = null;

/** Runs a signed-in request's work when its turn comes under the limit in force on `database`. */
export function inTurn(database: DatabaseName, work: () => Promise<Response>): Promise<Response> {
  const size = requestsAtOnceFor(database, process.env.REQUESTS_AT_ONCE);
  if (size === 0) return work();
  // A changed setting (a test, another database) starts a new queue; the old one drains.
  if (current?.size !== size) current = { size, limit: pLimit(size) };
  return current.limit(work);
}
