import "server-only";
import type { StoreDatabase } from "../database";
import { sql, sqlText } from "../sql";
import { restrictSqliteFiles, sqliteFileOf } from "@/lib/private-files.mjs";
import { sqliteConnection } from "./connection";
import { sqliteDialect } from "./dialect";
import { prepareSqliteSearch } from "./search";
import { sqliteSearchRowWriter } from "./search-rows";
import { unlistWordsNotHeld } from "./word-index";

/** The store on an SQLite file (DATABASE_URL file:...), made owner-only before anything opens it. */
export function createSqliteDatabase(url: string): StoreDatabase {
  const file = sqliteFileOf(url);
  restrictSqliteFiles(file);
  const connection = sqliteConnection(file);
  return {
    url,
    prisma: connection.prisma,
    read: connection.read,
    write: connection.write,
    dialect: sqliteDialect,
    isDistinctFrom: sql`IS NOT`,
    prepareSearch: prepareSqliteSearch,
    searchRowWriter: (tx, batch) => sqliteSearchRowWriter(tx, batch.words),
    // The word index follows TranscriptText by triggers.
    beforeDelete: async () => undefined,
    unlistWordsNotHeld,
    async beginBulkWrites() {
      // Commits do not wait for the disk (WAL keeps the file consistent; a crash loses at most the
      // last commits, which a rerun restores).
      await connection.execute(sqlText("PRAGMA synchronous = NORMAL"));
      // 64 MB: a larger cache costs more in page faults, filling it, than it saves in reads
      // (docs/benchmarks.md).
      await connection.execute(sqlText("PRAGMA cache_size = -65536"));
      // Checkpoint less often: a page rewritten many times between checkpoints is copied back once.
      await connection.execute(sqlText("PRAGMA wal_autocheckpoint = 25000"));
    },
    async finishBulkWrites(load) {
      // ANALYZE reads every index whole: a seed, which fills the store, runs it; an import runs
      // `PRAGMA optimize`, which analyses only the tables that changed enough, within a bounded effort.
      await connection.execute(sqlText(load === "seed" ? "ANALYZE" : "PRAGMA optimize"));
      await connection.execute(sqlText("PRAGMA wal_checkpoint(TRUNCATE)"));
    },
    // Every connection deletes securely (connection.ts); the WAL's frames from before the deletion
    // still hold what it deleted until they are copied into the file and the WAL is emptied.
    scrubDeleted: () => connection.execute(sqlText("PRAGMA wal_checkpoint(TRUNCATE)")),
    close: connection.close,
  };
}
