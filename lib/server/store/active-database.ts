import "server-only";
import type { DatabaseName, ReadOptions, StoreDatabase, WriteTransaction } from "./database";
import { createPostgresDatabase } from "./postgres";
import { createSqliteDatabase } from "./sqlite";
import { oneAtATime } from "./one-at-a-time";
import { configuredReadBudgetMs, readTimeoutError } from "./read-budget";
import type { Sql } from "./sql";
import { isPostgresUrl, resolveDatabaseUrl } from "@/lib/database-url.mjs";

// The one place that tells the databases apart: DATABASE_URL chooses the implementation, once per
// URL and read budget (a test or a command that changes either gets a fresh one).

const globalForStore = globalThis as unknown as { storeDatabase?: StoreDatabase; isBulk?: boolean };

export function activeDatabase(): StoreDatabase {
  const url = resolveDatabaseUrl();
  const budgetMs = globalForStore.isBulk ? 0 : configuredReadBudgetMs();
  const current = globalForStore.storeDatabase;
  if (current?.url === url && current.budgetMs === budgetMs) return current;
  if (current) void current.close();
  globalForStore.storeDatabase = isPostgresUrl(url) ? createPostgresDatabase(url, budgetMs) : createSqliteDatabase(url, budgetMs);
  return globalForStore.storeDatabase;
}

const scanLane = oneAtATime();

/** One read of the store, within the read budget; reads that scan texts take turns (ReadOptions). */
export function storeRead<Row>(statement: Sql, options: ReadOptions = {}): Promise<Row[]> {
  const database = activeDatabase();
  if (!options.scansTexts) return database.read<Row>(statement);
  // A scan waits its turn for at most the budget: a queue of them answers 503 rather than hang.
  return scanLane(() => database.read<Row>(statement, options), database.budgetMs, () => {
    console.warn(`A read that scans texts waited past its time budget of ${database.budgetMs} ms for its turn and was refused`);
    return readTimeoutError(`The read waited past its time budget of ${database.budgetMs} ms`);
  });
}

/** Runs `work` in one write transaction of the store, holding its write lock. */
export function storeWrite<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
  return activeDatabase().write(work);
}

/** "sqlite" or "postgresql": the database DATABASE_URL names. */
export function databaseName(): DatabaseName {
  return isPostgresUrl(resolveDatabaseUrl()) ? "postgresql" : "sqlite";
}

/**
 * For a long run of writes (the import and seed commands): their reads run without the requests'
 * time budget, and each database relaxes what a crash mid-run would only cost a rerun.
 */
export async function beginBulkWrites(): Promise<void> {
  globalForStore.isBulk = true;
  await activeDatabase().beginBulkWrites();
}

/** After a bulk load: refreshes the planner's statistics of the tables it changed enough. */
export function finishBulkWrites(load: "seed" | "import"): Promise<void> {
  return activeDatabase().finishBulkWrites(load);
}

/** At server start, so that the first requests need not open connections (see each database's warm). */
export function warmStore(): Promise<void> {
  return activeDatabase().warm();
}

export async function closeStore(): Promise<void> {
  const current = globalForStore.storeDatabase;
  globalForStore.storeDatabase = undefined;
  await current?.close();
}
