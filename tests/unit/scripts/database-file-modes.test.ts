/** @jest-environment node */
// The embedded database, its write-ahead log, its folder and its backups are readable by their
// owner only, from the migration that creates them through the app's connection to a backup and
// a restore, all run for real on SQLite files of the test's own (PostgreSQL keeps no files of ours).
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "@/scripts/prisma-env.mjs";
import { db, disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { createUser } from "../../helpers/users";

const mode = (file: string) => (statSync(file).mode & 0o777).toString(8);

function run(script: string, args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: databaseUrl } });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const workDirs: string[] = [];
function newWorkDir(): string {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-modes-"));
  workDirs.push(workDir);
  return workDir;
}
afterAll(() => {
  for (const workDir of workDirs) rmSync(workDir, { recursive: true, force: true });
});

let savedUrl: string | undefined;
beforeEach(() => {
  savedUrl = process.env.DATABASE_URL;
});
afterEach(async () => {
  await Promise.all([disconnectDb(), closeStore()]);
  process.env.DATABASE_URL = savedUrl;
});

it("creates the database, its log, its folder, backups and restores owner-only", async () => {
  const workDir = newWorkDir();
  const dataDir = path.join(workDir, "data", "nested");
  const file = path.join(dataDir, "portal.db");
  const url = `file:${file}`;

  runPrisma(["migrate", "deploy"], { databaseUrl: url, quiet: true });
  expect({ folder: mode(dataDir), parent: mode(path.dirname(dataDir)), database: mode(file) }).toEqual({
    folder: "700",
    parent: "700",
    database: "600",
  });

  // The app's own connection writes, which creates the write-ahead log and its shared memory.
  process.env.DATABASE_URL = url;
  await createUser({ email: "modes@example.com" });
  expect(existsSync(`${file}-wal`)).toBe(true);
  expect({ wal: mode(`${file}-wal`), shm: mode(`${file}-shm`) }).toEqual({ wal: "600", shm: "600" });
  await disconnectDb();

  const backupDir = path.join(workDir, "backups");
  const backup = path.join(backupDir, "copy.db");
  const backedUp = run("scripts/db-backup.mjs", [backup], url);
  expect(backedUp.code).toBe(0);
  expect({ folder: mode(backupDir), backup: mode(backup) }).toEqual({ folder: "700", backup: "600" });

  // A backup that was loosened on its way keeps its mode, but the restored database does not take it.
  chmodSync(backup, 0o644);
  const restored = run("scripts/db-restore.mjs", [backup], url);
  expect(restored.output).toMatch(/Restored/);
  expect(mode(file)).toBe("600");
  const kept = restored.output.match(/kept as (\S+)/)?.[1];
  expect(kept && mode(kept)).toBe("600");
});

it("makes an existing database that others can read owner-only when the app opens it", async () => {
  const workDir = newWorkDir();
  const file = path.join(workDir, "portal.db");
  runPrisma(["migrate", "deploy"], { databaseUrl: `file:${file}`, quiet: true });
  chmodSync(file, 0o644);
  writeFileSync(`${file}-wal`, "");
  chmodSync(`${file}-wal`, 0o644);

  process.env.DATABASE_URL = `file:${file}`;
  expect(await db.user.count()).toBe(0);
  expect({ database: mode(file), wal: mode(`${file}-wal`) }).toEqual({ database: "600", wal: "600" });
});
