// Runs the Prisma CLI for one provider. The SQLite default comes from lib/database-url.mjs.
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { DEFAULT_DATABASE_URL, isPostgresUrl, resolveDatabaseUrl } from "../lib/database-url.mjs";
import { makePrivateDirectory, makePrivateSqliteFile, sqliteFileOf } from "../lib/private-files.mjs";

const GENERATE_ONLY_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/generate_only";

/**
 * @param {string[]} args
 * @param {{ provider?: "sqlite" | "postgres", databaseUrl?: string, quiet?: boolean }} [options]
 */
export function runPrisma(args, options = {}) {
  let url = options.databaseUrl ?? resolveDatabaseUrl();
  if (options.provider === "postgres" && !isPostgresUrl(url)) url = GENERATE_ONLY_POSTGRES_URL;
  if (options.provider === "sqlite" && isPostgresUrl(url)) url = DEFAULT_DATABASE_URL;
  const sqliteFile = isPostgresUrl(url) ? null : sqliteFileOf(url);
  // Migrations create the database: it is made owner-only first, and its journals follow its mode.
  if (sqliteFile && args[0] === "migrate") makePrivateSqliteFile(sqliteFile);
  else if (sqliteFile) makePrivateDirectory(path.dirname(path.resolve(sqliteFile)));

  const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", ...args], {
    stdio: options.quiet ? "pipe" : "inherit",
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  if (result.status !== 0) {
    throw new Error(
      `prisma ${args.join(" ")} failed (exit ${result.status ?? result.signal})\n${result.stdout ?? ""}${result.stderr ?? ""}`,
    );
  }
  // WAL lets readers and a writer work side by side; the mode is stored in the database file.
  if (sqliteFile && args[0] === "migrate") {
    // Again, for a database that the command deleted and made anew (migrate reset).
    makePrivateSqliteFile(sqliteFile);
    const database = new Database(sqliteFile);
    database.pragma("journal_mode = WAL");
    database.close();
  }
}
