// Prisma CLI configuration: picks the SQLite or PostgreSQL schema, migrations and driver adapter
// from DATABASE_URL, as the store (lib/server/store/active-database.ts) does at run time.
import "dotenv/config";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { isPostgresUrl, resolveDatabaseUrl } from "./lib/database-url.mjs";

const url = resolveDatabaseUrl();
process.env.DATABASE_URL = url;
const usePostgres = isPostgresUrl(url);

const PG_NAME_OID = 19;
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> };

function asText(result: unknown) {
  for (const field of (result as QueryResultLike | undefined)?.fields ?? []) {
    if (field.dataTypeID === PG_NAME_OID || field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  }
  return result;
}

/**
 * The migration engine reads catalog columns of type `name`/"char", which @prisma/adapter-pg 6.19
 * cannot map (prisma/orm#27403); reporting them as text is enough. Only the CLI needs this.
 */
class CatalogFriendlyClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(...args: any[]): any {
    const callbackIndex = args.findIndex((arg) => typeof arg === "function");
    if (callbackIndex >= 0) {
      const callback = args[callbackIndex];
      args[callbackIndex] = (error: Error | null, result: unknown) => callback(error, asText(result));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return (super.query as any)(...args);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const pending = (super.query as any)(...args);
    return typeof pending?.then === "function" ? pending.then(asText) : pending;
  }
}

function postgresAdapter() {
  const parsed = new URL(url);
  // Discrete fields (not connectionString) so a shadow database name is not overridden by the URL.
  return new PrismaPg({
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    user: decodeURIComponent(parsed.username || "postgres"),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    idleTimeoutMillis: 1,
    Client: CatalogFriendlyClient,
  } as pg.PoolConfig);
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: usePostgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: { path: usePostgres ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations") },
  async adapter() {
    return usePostgres ? postgresAdapter() : new PrismaBetterSQLite3({ url });
  },
});
