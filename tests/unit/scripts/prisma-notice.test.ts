/** @jest-environment node */
// The Prisma CLI's migrate commands warn that the schema's datasource url goes unused beside the
// driver adapter (it stays for the CLI's sake: scripts/prisma-env.mjs); the project's commands
// leave that notice out and pass everything else through.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withoutAdapterUrlNotice } from "@/scripts/prisma-env.mjs";

const NOTICE = `
WARNING: Your schema specifies the following datasource properties but you are using a Driver Adapter via prisma.config.ts:
- url

The values from your schema will NOT be used!

We recommend you to remove those properties from your schema to avoid confusion if you are only using driver adapters.
`;
const BEFORE = 'Datasource "db": SQLite database "portal.db" using driver adapter "@prisma/adapter-better-sqlite3"\n';
const AFTER = "\n13 migrations found in prisma/migrations\n";

it.each([
  ["the notice, between other lines", `${BEFORE}${NOTICE}${AFTER}`, `${BEFORE}${AFTER}`],
  ["no notice", `${BEFORE}${AFTER}`, `${BEFORE}${AFTER}`],
  ["another warning", `${BEFORE}WARNING: something else\n${AFTER}`, `${BEFORE}WARNING: something else\n${AFTER}`],
])("leaves out the notice about the datasource url: %s", (_, output, shown) => {
  expect(withoutAdapterUrlNotice(output)).toBe(shown);
});

it("`npm run db:migrate` applies the migrations without the notice", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "prisma-notice-"));
  try {
    const result = spawnSync(process.execPath, ["scripts/prisma-run.mjs", "migrate", "deploy"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: `file:${path.join(dir, "portal.db")}` },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/All migrations have been successfully applied/);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/will NOT be used|Driver Adapter via prisma\.config\.ts/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
