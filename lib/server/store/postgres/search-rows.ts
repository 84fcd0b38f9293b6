import "server-only";
import type { SearchRowWriter, StoredText, TextRow, WriteTransaction } from "../database";
import { integerArrayLiteral, join, sql } from "../sql";
import type { TextsWords } from "../search-words";
import { indexedWordIds } from "./dense-bits";
import { saveDenseDayCounts } from "./dense-day-counts";
import { denseWordsForSaving, saveDenseWords } from "./dense-words";
import { wordIdsOfTexts } from "./word-index";

/** Rows per statement of search text: 3 parameters each. */
const TEXT_BATCH_SIZE = 5000;

/**
 * PostgreSQL's search rows of a batch. Before any of them is written: the batch's words are
 * listed, and new dense words chosen (the texts stored before, the earlier versions of these
 * transcripts among them, get their bits and day counts where they were stored). Then each text is
 * stored with the ids of its words but its dense ones, its bits beside it, and the day counts moved
 * (the texts the batch replaces, as the store read them before the write, out of their days').
 */
export async function postgresSearchRowWriter(
  tx: WriteTransaction,
  batch: { words: TextsWords; replaced: readonly StoredText[] },
  options: { bulk: boolean },
): Promise<SearchRowWriter> {
  // The import and seed commands commit without waiting for the disk: a crash loses at most the
  // last batches, which a rerun restores.
  if (options.bulk) await tx.execute(sql`SET LOCAL synchronous_commit = off`);
  const listed = await wordIdsOfTexts(tx, batch.words);
  const dense = await denseWordsForSaving(
    tx,
    listed.texts.map((text) => text.ids),
    listed.shortWordIds,
  );
  return {
    async save(texts: TextRow[]) {
      // In key order: the B-tree of the keys appends rows in order to its last page.
      const ordered = [...texts].sort((a, b) => a.sortKey - b.sortKey);
      for (let start = 0; start < ordered.length; start += TEXT_BATCH_SIZE) {
        const rows = ordered
          .slice(start, start + TEXT_BATCH_SIZE)
          .map(
            (row) =>
              sql`(${BigInt(row.sortKey)}, ${row.text}, ${integerArrayLiteral(indexedWordIds(listed.texts[row.position].ids, dense.bitsById))}::integer[])`,
          );
        // Unchanged text is not rewritten (nor indexed again).
        await tx.execute(sql`
          INSERT INTO "TranscriptText" ("sortKey", "text", "words") VALUES ${join(rows)}
          ON CONFLICT ("sortKey") DO UPDATE SET "text" = excluded."text", "words" = excluded."words"
          WHERE "TranscriptText"."text" IS DISTINCT FROM excluded."text"`);
      }
      await saveDenseWords(
        tx,
        ordered.map((row) => ({ sortKey: row.sortKey, wordIds: listed.texts[row.position].ids })),
        dense.bitsById,
      );
      await saveDenseDayCounts(
        tx,
        ordered.map((row) => ({ sortKey: row.sortKey, ...listed.texts[row.position] })),
        batch.replaced,
        dense.countedBitOfWord,
        listed.wordOfId,
      );
    },
  };
}
