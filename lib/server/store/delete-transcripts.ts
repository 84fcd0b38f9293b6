import "server-only";
import { storeWrite } from "./active-database";
import { applyRollupDeltas } from "./rollups";
import { SAVE_BATCH_SIZE } from "./save-transcripts";
import { join, sql, toNumber } from "./sql";
import { createdAtMsOfSortKey } from "./sort-key";
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
      const rows = await tx.query<{ id: string; sortKey: unknown; device: string | null; os: string | null; browser: string | null }>(
        sql`SELECT "id", "sortKey", "device", "os", "browser" FROM "Transcript" WHERE "id" IN (${join(batch)})`,
      );
      if (rows.length === 0) return 0;
      const sortKeys = rows.map((row) => toNumber(row.sortKey));
      await tx.execute(sql`DELETE FROM "Transcript" WHERE "id" IN (${join(rows.map((row) => row.id))})`);
      await applyRollupDeltas(
        tx,
        rollupDeltas(
          rows.map((row, index) => ({
            before: { createdAtMs: createdAtMsOfSortKey(sortKeys[index]), device: row.device, os: row.os, browser: row.browser },
            after: null,
          })),
        ),
      );
      return rows.length;
    });
  }
  return deleted;
}
