import "server-only";
import type { StoreDialect } from "../database";
import { int, join, sql } from "../sql";

/**
 * Signed-in requests at once: the answer of every read is handled on the server's one thread,
 * behind the work of every request in flight; without a limit, a call that reads several times in
 * a row (a search) waits behind the whole crowd at each read.
 */
export const DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE = 32;

/** PostgreSQL's side of the store's shared statements. */
export const postgresDialect: StoreDialect = {
  contains: (column, text) => sql`strpos(${column}, ${text}) > 0`,
  // Bounded to the range, a merge join over the set's index reads that range's part only.
  sameKey: (column, key, low, high) => sql`${column} = ${key} AND ${column} BETWEEN ${int(low)} AND ${int(high)}`,
  atKey: (column, key, low, high) => sql`${column} = ${key} AND ${column} BETWEEN ${int(low)} AND ${int(high)}`,
  bulkKeys: { create: [sql`CREATE TEMP TABLE "BulkKeys" ("sortKey" bigint PRIMARY KEY) ON COMMIT DROP`], release: [] },
  // lower() under the C collation folds ASCII letters only; the digits are a regular expression,
  // with the alternatives in the same one (each test of the source decompresses it again).
  passesPrefilter(prefilter) {
    if (prefilter.kind === "text") {
      const orHolds = prefilter.orHolds.map((text) => sql`strpos("source", ${text}) > 0`);
      return join([sql`strpos(lower("source" COLLATE "C"), ${prefilter.text}) > 0`, ...orHolds], " OR ");
    }
    return sql`"source" COLLATE "C" ~ ${[digitsPattern(prefilter.digits, prefilter.joiners), ...prefilter.orHolds.map(escapeRegex)].join("|")}`;
  },
  defaultRequestsAtOnce: DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE,
};

/** A text as a POSIX regular expression (advanced) matching it literally. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A POSIX regular expression: the digits in order, any run of the joiners between two of them. */
function digitsPattern(digits: string, joiners: string): string {
  if (!/^\d+$/.test(digits)) throw new Error("Not digits");
  const joinerClass = `[${[...joiners].map((character) => (/[\]\\^-]/.test(character) ? `\\${character}` : character)).join("")}]*`;
  return [...digits].join(joinerClass);
}
