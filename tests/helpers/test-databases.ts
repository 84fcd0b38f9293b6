// Real databases for the API tests: a migrated template per provider, made once per run, and a
// fresh copy of it for every test file (a file copy for SQLite, CREATE DATABASE ... TEMPLATE for PostgreSQL).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { runPrisma } from "../../scripts/prisma-env.mjs";

export type Provider = "sqlite" | "postgres";

const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const SQLITE_DIR = path.join(os.tmpdir(), "portal-tests");

export function postgresUrl(database: string, base = POSTGRES_ADMIN_URL): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Where the code under test reaches its database: straight, or through a connection pooler when
 * TEST_POSTGRES_POOLER_URL names one (scripts/test-pgbouncer.mjs). Creating, migrating and dropping
 * databases always go straight to the server.
 */
const POSTGRES_APP_URL = process.env.TEST_POSTGRES_POOLER_URL ?? POSTGRES_ADMIN_URL;

export function migrate(databaseUrl: string): void {
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
}

export async function withPostgresAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the migrated template for one provider and returns where it is. */
export async function createTemplate(provider: Provider): Promise<string> {
  const runId = `${process.pid}_${Date.now()}`;
  if (provider === "sqlite") {
    mkdirSync(SQLITE_DIR, { recursive: true });
    const file = path.join(SQLITE_DIR, `template_${runId}.db`);
    migrate(`file:${file}`);
    return file;
  }
  const name = `portal_template_${runId}`;
  await withPostgresAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  migrate(postgresUrl(name));
  return name;
}

export async function dropTemplate(provider: Provider, template: string): Promise<void> {
  if (provider === "sqlite") {
    rmSync(template, { force: true });
    return;
  }
  await withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
}

/** A fresh database copied from the template; returns its URL and a function that removes it. */
export async function createTestDatabase(provider: Provider, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const id = randomUUID().replace(/-/g, "").slice(0, 16);
  if (provider === "sqlite") {
    const file = path.join(SQLITE_DIR, `test_${id}.db`);
    copyFileSync(template, file);
    return {
      url: `file:${file}`,
      drop: async () => {
        for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const name = `portal_test_${id}`;
  // Two workers copying one template at the same instant can collide; a short retry settles it.
  for (let attempt = 1; ; attempt++) {
    try {
      await withPostgresAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  return {
    url: postgresUrl(name, POSTGRES_APP_URL),
    drop: () => withPostgresAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
