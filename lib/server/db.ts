import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqlitePrismaClient } from "@/generated/prisma-sqlite/client";
import { PrismaClient as PostgresPrismaClient } from "@/generated/prisma-pg/client";
import { isPostgresUrl, resolveDatabaseUrl } from "@/lib/database-url.mjs";
import { restrictSqliteFiles, sqliteFileOf } from "@/lib/private-files.mjs";

/**
 * Both generated clients expose the same models; the SQLite one's type stands for both.
 * Provider differences (adapter, migrations, full-text search SQL) stay inside lib/server.
 */
export type Database = SqlitePrismaClient;

interface Connection {
  url: string;
  client: Database;
}

const globalForDb = globalThis as unknown as { portalDb?: Connection };

function connect(): Connection {
  const url = resolveDatabaseUrl();
  if (globalForDb.portalDb?.url === url) return globalForDb.portalDb;
  makeDatabaseFilesPrivate();
  const client = isPostgresUrl(url)
    ? (new PostgresPrismaClient({
        adapter: new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE) || 10 }),
      }) as unknown as Database)
    : new SqlitePrismaClient({
        // Concurrent writers wait for the lock instead of failing with SQLITE_BUSY.
        adapter: new PrismaBetterSQLite3({ url, timeout: 10_000 }),
      });
  globalForDb.portalDb = { url, client };
  return globalForDb.portalDb;
}

/** The Prisma client for DATABASE_URL, created on first use. */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const client = connect().client;
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/**
 * Makes the embedded database's files readable by their owner only (nothing to do on PostgreSQL).
 * The first use of `db` does it too; the server calls it at startup, before any other connection
 * to the file opens and creates its write-ahead log.
 */
export function makeDatabaseFilesPrivate(): void {
  const url = resolveDatabaseUrl();
  if (!isPostgresUrl(url)) restrictSqliteFiles(sqliteFileOf(url));
}

export function isPostgres(): boolean {
  return isPostgresUrl(resolveDatabaseUrl());
}

export async function disconnectDb(): Promise<void> {
  const current = globalForDb.portalDb;
  globalForDb.portalDb = undefined;
  await current?.client.$disconnect();
}
