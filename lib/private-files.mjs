// @ts-check
// The embedded database and its copies hold password hashes, sessions and every transcript: only
// the user the portal runs as may read them. Plain JavaScript for the Node scripts and the app alike.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

/**
 * Creates a folder and its missing parents readable by the owner only. A folder that already
 * exists keeps its mode: it may be a shared one such as /tmp.
 * @param {string} directory
 */
export function makePrivateDirectory(directory) {
  mkdirSync(/*turbopackIgnore: true*/ directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/**
 * Makes a SQLite database owner-only before anything opens it: its folder is created private if
 * missing, the file is created empty (a valid empty database) or has its mode set, and so have
 * journal files left beside it. SQLite creates later journal, WAL and shared-memory files with
 * the database file's own mode.
 * @param {string} file
 */
export function makePrivateSqliteFile(file) {
  makePrivateDirectory(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)));
  closeSync(openSync(/*turbopackIgnore: true*/ file, "a", PRIVATE_FILE_MODE));
  restrictSqliteFiles(file);
}

/**
 * Sets owner-only modes on a SQLite database and the journal files beside it, where they exist.
 * Creates nothing: a server pointed at a missing database must fail to open it, not get an empty one.
 * @param {string} file
 */
export function restrictSqliteFiles(file) {
  for (const existing of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(/*turbopackIgnore: true*/ existing)) chmodOwned(existing, PRIVATE_FILE_MODE);
  }
}

/**
 * Only a file's owner may change its mode; a database that another user owns and lets the portal
 * write is the operator's choice, and is reported rather than refused.
 * @param {string} file
 * @param {number} mode
 */
function chmodOwned(file, mode) {
  try {
    chmodSync(/*turbopackIgnore: true*/ file, mode);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EPERM") throw error;
    console.warn(`Could not make ${file} readable by its owner only: it belongs to another user.`);
  }
}

/**
 * The file of a SQLite DATABASE_URL (file:./data/portal.db).
 * @param {string} url
 */
export function sqliteFileOf(url) {
  return url.replace(/^file:/, "");
}
