// Runs the Prisma CLI for one provider. The SQLite default comes from lib/database-url.mjs.
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { DEFAULT_DATABASE_URL, isPostgresUrl, resolveDatabaseUrl } from "../lib/database-url.mjs";
import { makePrivateDirectory, makePrivateSqliteFile, sqliteFileOf } from "../lib/private-files.mjs";

const GENERATE_ONLY_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/generate_only";

/**
 * What the CLI's migrate commands print because the schemas keep `url = env("DATABASE_URL")` beside
 * the driver adapter of prisma.config.ts: that the url is not used. True and intended (without the
 * url the CLI looks for a query engine to download), so it is left out of what the user sees.
 */
const ADAPTER_URL_NOTICE =
  /\n?WARNING: Your schema specifies the following datasource properties but you are using a Driver Adapter via prisma\.config\.ts:\n[\s\S]*?if you are only using driver adapters\.\n/;

/** The CLI's standard output without the notice about the datasource url (ADAPTER_URL_NOTICE). */
export function withoutAdapterUrlNotice(output) {
  return output.replace(ADAPTER_URL_NOTICE, "");
}

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

  // migrate deploy asks nothing: its output can pass through here, less the notice. Other commands
  // (migrate dev asks questions) keep the terminal.
  const filtersOutput = !options.quiet && args[0] === "migrate" && args[1] === "deploy";
  const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", ...args], {
    stdio: options.quiet ? "pipe" : filtersOutput ? ["inherit", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
  const output = withoutAdapterUrlNotice(result.stdout ?? "");
  if (filtersOutput) process.stdout.write(output);
  if (result.status !== 0) {
    throw new Error(`prisma ${args.join(" ")} failed (exit ${result.status ?? result.signal})\n${output}${result.stderr ?? ""}`);
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
