import "server-only";
import { activeDatabase, storeWrite } from "./active-database";
import { applyRollupDeltas, ROLLUP_COLUMNS, rollupFactsOf, type RollupRow } from "./rollups";
import { join, sql, toNumber } from "./sql";
import { rollupDeltas } from "./rollup-deltas";
import { wordsOfTexts } from "./search-words";
import { storedTextsAt, unlistWordsNoLongerHeld } from "./unlisted-words";

/**
 * Transcripts per transaction: each holds the writers' lock for a fraction of a second, and fewer,
 * larger transactions write the pages they share (indexes, rollups, the word index) fewer times.
 */
const DELETE_BATCH_SIZE = 2_000;

/**
 * Deletes transcripts by id, in batches, each in one transaction with the analytics rollups they
 * counted in. Everything stored with a transcript goes with it by foreign keys (ON DELETE CASCADE on
 * both databases): its search text (and with it SQLite's word index entries and PostgreSQL's bits,
 * by trigger and key), signals, review, tags, notes, ratings and feedback; the days of its text get
 * new versions (triggers) and PostgreSQL's day counts are moved (beforeDelete); the words no other
 * stored text holds leave the word list (unlisted-words.ts). Unknown ids are skipped. Resolves to
 * the number deleted.
 */
export async function deleteTranscripts(ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += DELETE_BATCH_SIZE) {
    const batch = ids.slice(start, start + DELETE_BATCH_SIZE);
    deleted += await storeWrite(async (tx) => {
      const rows = await tx.query<RollupRow>(sql`SELECT ${ROLLUP_COLUMNS} FROM "Transcript" WHERE "id" IN (${join(batch)})`);
      if (rows.length === 0) return 0;
      const texts = await storedTextsAt(
        tx,
        rows.map((row) => toNumber(row.sortKey)),
      );
      const words = wordsOfTexts(texts.map((text) => text.text));
      await activeDatabase().beforeDelete(tx, texts, words);
      await tx.execute(sql`DELETE FROM "Transcript" WHERE "id" IN (${join(rows.map((row) => row.id))})`);
      await applyRollupDeltas(tx, rollupDeltas(rows.map((row) => ({ before: rollupFactsOf(row), after: null }))));
      await unlistWordsNoLongerHeld(tx, words.words);
      return rows.length;
    });
  }
  return deleted;
}
