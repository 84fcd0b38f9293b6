import "server-only";
import type { StoreDatabase } from "../database";
import { join, sql, sqlText, type Sql } from "../sql";
import { postgresConnection } from "./connection";
import { postgresDialect } from "./dialect";
import { preparePostgresSearch } from "./search";
import { postgresSearchRowWriter } from "./search-rows";
import { countOutTextsBeforeDelete } from "./deleted-texts";
import { unlistWordsNotHeld } from "./word-index";

/** Every table the store writes as it saves transcripts. */
const STORE_TABLES = [
  "Transcript",
  "TranscriptText",
  "TranscriptDenseWords",
  "TranscriptSignal",
  "TranscriptSlotCount",
  "TranscriptHourAttribute",
  "TranscriptDayVersion",
  "SearchWord",
  "DenseWord",
  "DenseWordDayCount",
];

/**
 * Every table a deletion of transcripts deletes rows from (deleteTranscripts: foreign keys, the
 * word list's unlisting): their dead tuples hold the deleted rows until a VACUUM removes them.
 */
const DELETED_FROM_TABLES = [
  "Transcript",
  "TranscriptText",
  "TranscriptDenseWords",
  "TranscriptSignal",
  "TranscriptReview",
  "TranscriptRating",
  "TranscriptTag",
  "TranscriptNote",
  "TranscriptPersonKey",
  "Feedback",
  "SearchWord",
];

/** The store on PostgreSQL (DATABASE_URL postgres:// or postgresql://). */
export function createPostgresDatabase(url: string): StoreDatabase {
  const connection = postgresConnection(url);
  return {
    url,
    prisma: connection.prisma,
    read: connection.read,
    write: connection.write,
    dialect: postgresDialect,
    isDistinctFrom: sql`IS DISTINCT FROM`,
    prepareSearch: preparePostgresSearch,
    searchRowWriter: postgresSearchRowWriter,
    beforeDelete: countOutTextsBeforeDelete,
    unlistWordsNotHeld,
    // Each bulk transaction is relaxed instead (search-rows.ts).
    beginBulkWrites: async () => undefined,
    /**
     * Refreshes the planner's statistics and marks the new rows all-visible, so that key-only scans
     * (deep pages, counts) need not visit the table, and clears the rows the load replaced, on the
     * tables the load changed enough by autovacuum's default thresholds (staleTablesSql).
     * Autovacuum would get there on its own, where it runs.
     */
    async finishBulkWrites() {
      const stale = await connection.read<{ relname: string }>(staleTablesSql(STORE_TABLES));
      for (const { relname } of stale) await connection.read(sqlText(`VACUUM (ANALYZE) "${relname}"`));
    },
    /**
     * Removes the dead tuples of the tables transcripts are deleted from, and their index entries
     * (INDEX_CLEANUP ON: VACUUM may otherwise leave a few dead entries in the indexes). Dead tuples
     * that a transaction older than the deletion may still see stay until a later VACUUM.
     */
    async scrubDeleted() {
      for (const table of DELETED_FROM_TABLES) await connection.execute(sqlText(`VACUUM (INDEX_CLEANUP ON) "${table}"`));
    },
    close: connection.close,
  };
}

/**
 * The tables among `tables` never analysed, or changed past autovacuum's default thresholds: rows
 * written since the last ANALYZE over 50 + 10 % of the table, rows inserted since the last VACUUM
 * over 1,000 + 20 %, or dead rows over 50 + 20 %.
 */
function staleTablesSql(tables: readonly string[]): Sql {
  const rows = sql`greatest(c.reltuples, 0)`;
  return sql`
    SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema() AND s.relname IN (${join(tables)})
      AND (coalesce(s.last_analyze, s.last_autoanalyze) IS NULL
        OR s.n_mod_since_analyze > 50 + 0.1 * ${rows}
        OR s.n_ins_since_vacuum > 1000 + 0.2 * ${rows}
        OR s.n_dead_tup > 50 + 0.2 * ${rows})
    ORDER BY s.relname`;
}
