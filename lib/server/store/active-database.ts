import "server-only";
import type { DatabaseName, PortalPrismaClient, ReadOptions, StoreDatabase, StoreDialect, WriteTransaction } from "./database";
import { createPostgresDatabase } from "./postgres";
import { postgresDialect } from "./postgres/dialect";
import { createSqliteDatabase } from "./sqlite";
import { sqliteDialect } from "./sqlite/dialect";
import { oneAtATime } from "./one-at-a-time";
import { exemptBulkLoad, readBudgetMs, readTimeoutError, withoutBudget } from "./read-budget";
import type { Sql } from "./sql";
import { isPostgresUrl, resolveDatabaseUrl } from "@/lib/database-url.mjs";

// The one place that tells the databases apart: DATABASE_URL chooses the implementation, once per
// URL (a test or a command that changes it gets a fresh one), and the implementation holds every
// connection of this process to it, Prisma's included.

const globalForStore = globalThis as unknown as { storeDatabase?: StoreDatabase };

export function activeDatabase(): StoreDatabase {
  const url = resolveDatabaseUrl();
  const current = globalForStore.storeDatabase;
  if (current?.url === url) return current;
  if (current) void current.close();
  globalForStore.storeDatabase = isPostgresUrl(url) ? createPostgresDatabase(url) : createSqliteDatabase(url);
  return globalForStore.storeDatabase;
}

const scanLane = oneAtATime();

/** One read of the store, within the read budget; reads that scan texts take turns (ReadOptions). */
export function storeRead<Row>(statement: Sql, options: ReadOptions = {}): Promise<Row[]> {
  const database = activeDatabase();
  if (!options.scansTexts) return database.read<Row>(statement);
  // A scan waits its turn for at most the budget: a queue of them answers 503 rather than hang.
  const budgetMs = readBudgetMs();
  return scanLane(
    () => database.read<Row>(statement, options),
    budgetMs,
    () => {
      console.warn(`A read that scans texts waited past its time budget of ${budgetMs} ms for its turn and was refused`);
      return readTimeoutError(`The read waited past its time budget of ${budgetMs} ms`);
    },
  );
}

/**
 * One read of rows by a primary or unique key (the session check of every request): bounded by its
 * index, it runs without the read budget (withoutBudget in read-budget.ts).
 */
export function storeKeyRead<Row>(statement: Sql): Promise<Row[]> {
  const database = activeDatabase();
  return withoutBudget(() => database.read<Row>(statement));
}

/** Runs `work` in one write transaction of the store, holding its write lock. */
export function storeWrite<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
  return activeDatabase().write(work);
}

/** The Prisma client of the database DATABASE_URL names, on the store's own connections. */
export function prismaClient(): PortalPrismaClient {
  return activeDatabase().prisma;
}

/** The SQL that differs between the databases, for the store's shared statements. */
export function storeDialect(): StoreDialect {
  return activeDatabase().dialect;
}

/** The dialect of a database by name, whichever runs (a load test's report of the other's settings). */
export function dialectOf(database: DatabaseName): StoreDialect {
  return database === "postgresql" ? postgresDialect : sqliteDialect;
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
  exemptBulkLoad();
  await activeDatabase().beginBulkWrites();
}

/** After a bulk load: refreshes the planner's statistics of the tables it changed enough. */
export function finishBulkWrites(load: "seed" | "import"): Promise<void> {
  return activeDatabase().finishBulkWrites(load);
}

/**
 * After an erasure deleted transcripts: leaves none of their bytes in the database's files (SQLite
 * empties its WAL into the file; PostgreSQL vacuums the tables transcripts are deleted from).
 */
export function scrubDeletedTranscripts(): Promise<void> {
  return activeDatabase().scrubDeleted();
}

/**
 * At server start: chooses the database, which makes an embedded database's files owner-only
 * before any connection opens them. Rejects when the database cannot be opened (an SQLite file
 * that does not exist is not created).
 */
export async function openStore(): Promise<void> {
  activeDatabase();
}

/** Closes every connection of this process to the database, Prisma's included. */
export async function closeStore(): Promise<void> {
  const current = globalForStore.storeDatabase;
  globalForStore.storeDatabase = undefined;
  await current?.close();
}
