// `npm run db:restore -- <backup file>`: replaces the embedded SQLite database with a backup made
// by `npm run db:backup`. Stop the portal first. The current database is kept beside it as
// <name>.before-restore-<timestamp>. Both are readable by their owner only, whatever the backup's mode.
import { chmodSync, createReadStream, createWriteStream, existsSync, renameSync, rmSync } from "node:fs";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { isPostgresUrl, resolveDatabaseUrl } from "../lib/database-url.mjs";
import { PRIVATE_FILE_MODE, makePrivateDirectory, sqliteFileOf } from "../lib/private-files.mjs";

const url = resolveDatabaseUrl();
if (isPostgresUrl(url)) {
  console.error("DATABASE_URL names PostgreSQL: restore it with pg_restore (see the README).");
  process.exit(2);
}
const backup = process.argv[2];
if (!backup || !existsSync(backup)) {
  console.error("Usage: npm run db:restore -- <backup file made by npm run db:backup>");
  process.exit(2);
}

// Refuse anything that is not a sound portal database before touching the current one.
const check = new Database(backup, { readonly: true, fileMustExist: true });
try {
  const integrity = check.pragma("integrity_check", { simple: true });
  if (integrity !== "ok") throw new Error(`the backup fails SQLite's integrity check: ${integrity}`);
  const tables = check
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => row.name);
  for (const table of ["_prisma_migrations", "User"]) {
    if (!tables.includes(table)) throw new Error(`the backup has no ${table} table: it is not a portal database`);
  }
} catch (error) {
  console.error(`Not restored: ${error.message}`);
  process.exit(1);
} finally {
  check.close();
}

const target = sqliteFileOf(url);
if (existsSync(target)) {
  const kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  // A checkpoint folds the write-ahead log into the file, so the kept copy is complete.
  const current = new Database(target);
  current.pragma("wal_checkpoint(TRUNCATE)");
  current.close();
  renameSync(target, kept);
  chmodSync(kept, PRIVATE_FILE_MODE);
  console.log(`The current database is kept as ${kept}`);
}
for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
makePrivateDirectory(path.dirname(path.resolve(target)));
// Written into a new file created owner-only (a plain copy would take the backup's mode).
await pipeline(createReadStream(backup), createWriteStream(target, { flags: "wx", mode: PRIVATE_FILE_MODE }));
console.log(`Restored ${target} from ${backup}`);
