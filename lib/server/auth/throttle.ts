import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "../db";
import { AppError } from "../http/app-error";

/** At most `limit` attempts under `key` within the last `windowMs`. */
export interface ThrottleLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/** The rows that stand for one attempt: one per key it was counted under. */
export interface ClaimedAttempt {
  ids: string[];
}

/** Rows older than the longest window of any throttle count for nothing and are dropped. */
const RETENTION_MS = 60 * 60 * 1000;

/**
 * Counts an attempt under each limit's key before the work it guards runs, and refuses it with
 * 429 (`refusal(minutes)`, Retry-After) when any key then holds more than its limit. The rows are
 * inserted first, each insert committed on its own, and counted after: the k-th committed insert
 * sees at least k rows, so however many attempts race, at most `limit` of them per key get
 * through. A refused attempt takes its rows back, so refusals never lengthen a block.
 */
export async function claimAttempt(
  limits: ThrottleLimit[],
  refusal: (minutes: number) => string,
  now = new Date(),
): Promise<ClaimedAttempt> {
  if (limits.some((limit) => limit.windowMs > RETENTION_MS)) throw new Error("A throttle window is longer than the rows are kept");
  const rows = limits.map((limit) => ({ id: randomUUID(), key: limit.key, createdAt: now }));
  await db.throttleEvent.createMany({ data: rows });
  const attempt = { ids: rows.map((row) => row.id) };

  const counts = await db.throttleEvent.groupBy({
    by: ["key"],
    where: { OR: limits.map((limit) => ({ key: limit.key, createdAt: { gte: windowStart(limit, now) } })) },
    _count: { _all: true },
  });
  const countOf = new Map(counts.map((row) => [row.key, row._count._all]));
  const exceeded = limits.filter((limit) => (countOf.get(limit.key) ?? 0) > limit.limit);
  if (exceeded.length === 0) {
    await db.throttleEvent.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - RETENTION_MS) } } });
    return attempt;
  }

  await releaseAttempt(attempt);
  const waits = await Promise.all(exceeded.map((limit) => secondsUntilRoom(limit, now)));
  const retryAfterSeconds = Math.max(...waits);
  throw new AppError("TOO_MANY_REQUESTS", refusal(Math.ceil(retryAfterSeconds / 60)), { retryAfterSeconds });
}

/** Takes an attempt's rows back: it no longer counts under any of its keys. */
export async function releaseAttempt(attempt: ClaimedAttempt): Promise<void> {
  await db.throttleEvent.deleteMany({ where: { id: { in: attempt.ids } } });
}

/** Forgets every attempt counted under these keys. */
export async function forgetAttempts(keys: string[]): Promise<void> {
  await db.throttleEvent.deleteMany({ where: { key: { in: keys } } });
}

const windowStart = (limit: ThrottleLimit, now: Date) => new Date(now.getTime() - limit.windowMs);

/** When the key has room for one more attempt: once the oldest of its newest `limit` rows leaves the window. */
async function secondsUntilRoom(limit: ThrottleLimit, now: Date): Promise<number> {
  const newest = await db.throttleEvent.findMany({
    where: { key: limit.key, createdAt: { gte: windowStart(limit, now) } },
    orderBy: { createdAt: "desc" },
    take: limit.limit,
    select: { createdAt: true },
  });
  if (newest.length < limit.limit) return 1;
  const oldest = newest[newest.length - 1].createdAt.getTime();
  return Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
}

/** "N minute" or "N minutes". */
export const minutesText = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;
