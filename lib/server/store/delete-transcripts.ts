import "server-only";
import { storeWrite } from "./active-database";
import { applyRollupDeltas, ROLLUP_COLUMNS, rollupFactsOf, type RollupRow } from "./rollups";
import { SAVE_BATCH_SIZE } from "./save-transcripts";
import { join, sql } from "./sql";
import { rollupDeltas } from "./rollup-deltas";

/**
 * Deletes transcripts by id, in batches, each in one transaction with the analytics rollups they
 * counted in. Their search rows and their feedback go with them (foreign keys). Unknown ids are
 * skipped. Resolves to the number deleted.
 */
export async function deleteTranscripts(ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += SAVE_BATCH_SIZE) {
    const batch = ids.slice(start, start + SAVE_BATCH_SIZE);
    deleted += await storeWrite(async (tx) => {
      const rows = await tx.query<RollupRow>(sql`SELECT ${ROLLUP_COLUMNS} FROM "Transcript" WHERE "id" IN (${join(batch)})`);
      if (rows.length === 0) return 0;
      await tx.execute(sql`DELETE FROM "Transcript" WHERE "id" IN (${join(rows.map((row) => row.id))})`);
      await applyRollupDeltas(tx, rollupDeltas(rows.map((row) => ({ before: rollupFactsOf(row), after: null }))));
      return rows.length;
    });
  }
  return deleted;
}
