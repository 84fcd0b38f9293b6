// @ts-check
// Where the data lives: an embedded SQLite file unless DATABASE_URL names a PostgreSQL server.
// Plain JavaScript so that the Node scripts and the TypeScript app share the one default.

export const DEFAULT_DATABASE_URL = "file:./data/portal.db";

/** @param {NodeJS.ProcessEnv} [env] */
export function resolveDatabaseUrl(env = process.env) {
  return env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/** @param {string} url */
export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//i.test(url);
}
