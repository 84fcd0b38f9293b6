import "server-only";
import type { StoreDialect } from "../database";
import { sql } from "../sql";

/** SQLite's side of the store's shared statements. */
export const sqliteDialect: StoreDialect = {
  contains: (column, text) => sql`instr(${column}, ${text}) > 0`,
  // SQLite probes the key alone: a second range on the column could become the index's bounds.
  sameKey: (column, key) => sql`${column} = ${key}`,
  // SQLite takes a unique index matched by equality without costing the others, and then reads the
  // wide row for the value; as a range of one key, the test is one lookup in the covering
  // (value, sortKey) index.
  atKey: (column, key) => sql`${column} BETWEEN ${key} AND ${key}`,
  // A temporary table lives as long as the connection: made once, emptied before and after use.
  bulkKeys: {
    create: [sql`CREATE TEMP TABLE IF NOT EXISTS "BulkKeys" ("sortKey" INTEGER PRIMARY KEY)`, sql`DELETE FROM temp."BulkKeys"`],
    release: [sql`DELETE FROM temp."BulkKeys"`],
  },
  // The readers' passes_prefilter() (readers.ts).
  passesPrefilter: (prefilter) => sql`passes_prefilter("source", ${JSON.stringify(prefilter)}) = 1`,
  // Reads run on worker threads that a limit would only leave idle.
  defaultRequestsAtOnce: 0,
};
