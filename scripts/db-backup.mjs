// `npm run db:backup -- [file]`: a consistent copy of the embedded SQLite database, taken while
// the portal runs (SQLite's online backup). Default file: backups/portal-<timestamp>.db.
// PostgreSQL deployments use pg_dump instead (see the README). The copy, like the database, is
// readable by its owner only, and so is a backups folder that the command creates.
import path from "node:path";
import Database from "better-sqlite3";
import { isPostgresUrl, resolveDatabaseUrl } from "../lib/database-url.mjs";
import { makePrivateSqliteFile, sqliteFileOf } from "../lib/private-files.mjs";

const url = resolveDatabaseUrl();
if (isPostgresUrl(url)) {
  console.error("DATABASE_URL names PostgreSQL: back it up with pg_dump (see the README).");
  process.exit(2);
}
const source = sqliteFileOf(url);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = process.argv[2] ?? path.join("backups", `portal-${stamp}.db`);
// SQLite writes the copy into this file, which keeps its mode.
makePrivateSqliteFile(target);

const database = new Database(source, { readonly: true, fileMustExist: true });
try {
  await database.backup(target, {
    progress({ totalPages, remainingPages }) {
      process.stderr.write(`\rBacking up: ${Math.round(((totalPages - remainingPages) / totalPages) * 100)}%`);
      return 200;
    },
  });
} finally {
  database.close();
}
process.stderr.write("\n");
console.log(`Backed up ${source} to ${target}`);
