// The embedded database's backup and restore commands, run for real: a round trip restores
// exactly what was backed up. On PostgreSQL both commands point to pg_dump / pg_restore instead.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb, isPostgres } from "@/lib/server/db";
import { createUser } from "../helpers/users";

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args], { encoding: "utf8", env: process.env });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

const workDir = mkdtempSync(path.join(os.tmpdir(), "portal-backup-test-"));

it("backs up and restores the embedded database in a round trip (PostgreSQL: points to pg_dump)", async () => {
  const backupFile = path.join(workDir, "backup.db");
  if (isPostgres()) {
    const backup = run("scripts/db-backup.mjs", [backupFile]);
    expect(backup.code).toBe(2);
    expect(backup.output).toMatch(/pg_dump/);
    expect(run("scripts/db-restore.mjs", [backupFile]).output).toMatch(/pg_restore/);
    return;
  }
  const kept = await createUser({ email: "kept@example.com" });
  const backup = run("scripts/db-backup.mjs", [backupFile]);
  expect(backup.output).toMatch(/Backed up/);
  expect(backup.code).toBe(0);

  await createUser({ email: "after-backup@example.com" });
  await db.user.delete({ where: { id: kept.id } });
  await disconnectDb();

  const restore = run("scripts/db-restore.mjs", [backupFile]);
  expect(restore.output).toMatch(/Restored/);
  expect(restore.code).toBe(0);
  expect(await db.user.findUnique({ where: { email: "kept@example.com" } })).toMatchObject({ id: kept.id });
  expect(await db.user.findUnique({ where: { email: "after-backup@example.com" } })).toBeNull();
});

it("refuses to restore a file that is not a portal database", () => {
  const notADatabase = path.join(workDir, "notes.db");
  writeFileSync(notADatabase, "just some text");
  const result = run("scripts/db-restore.mjs", [notADatabase]);
  expect(result.code).toBe(isPostgres() ? 2 : 1);
  expect(result.output).toMatch(isPostgres() ? /pg_restore/ : /Not restored/);
  expect(run("scripts/db-restore.mjs", [path.join(workDir, "missing.db")]).code).toBe(2);
});
