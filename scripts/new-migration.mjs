// Creates a migration for both databases from the change to prisma/schema.prisma since the last one:
//   npm run db:new-migration -- add_transcripts
// The migration engine's own `migrate dev` cannot run through the driver adapters, so the SQL is
// diffed between the schema as last migrated (kept in prisma/migrations/schema.snapshot.prisma)
// and the schema now. Hand-written SQL (full-text indexes) may be appended to the files it writes.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:new-migration -- <name in snake_case>");
  process.exit(2);
}

spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { stdio: "inherit" });

const snapshot = "prisma/migrations/schema.snapshot.prisma";
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = `${stamp}_${name}`;

const targets = [
  { schema: "prisma/schema.prisma", dir: "prisma/migrations", url: "file:./data/migration-diff.db" },
  {
    schema: "prisma/postgres/schema.prisma",
    dir: "prisma/postgres/migrations",
    url: process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  },
];

for (const target of targets) {
  const from = existsSync(snapshot)
    ? ["--from-schema-datamodel", target.schema.includes("postgres") ? postgresSnapshot() : snapshot]
    : ["--from-empty"];
  const result = spawnSync(
    process.execPath,
    ["node_modules/prisma/build/index.js", "migrate", "diff", ...from, "--to-schema-datamodel", target.schema, "--script"],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: target.url } },
  );
  if (result.status !== 0) {
    console.error(result.stderr);
    process.exit(1);
  }
  const sql = result.stdout.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/m, "");
  mkdirSync(path.join(target.dir, folder), { recursive: true });
  writeFileSync(path.join(target.dir, folder, "migration.sql"), sql);
  console.log(`wrote ${path.join(target.dir, folder, "migration.sql")}`);
}
copyFileSync("prisma/schema.prisma", snapshot);

function postgresSnapshot() {
  const file = "data/schema.snapshot.postgres.prisma";
  mkdirSync("data", { recursive: true });
  writeFileSync(file, readFileSync(snapshot, "utf8").replace('provider = "sqlite"', 'provider = "postgresql"'));
  return file;
}
