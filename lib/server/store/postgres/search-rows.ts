import "server-only";
import type { SearchRowWriter, TextRow, WriteTransaction } from "../database";
import { integerArrayLiteral, join, sql } from "../sql";
import type { TextsWords } from "../search-words";
import { indexedWordIds } from "./dense-bits";
import { denseWordsForSaving, saveDenseWords } from "./dense-words";
import { wordIdsOfTexts } from "./word-index";

/** Rows per statement of search text: 3 parameters each. */
const TEXT_BATCH_SIZE = 5000;

/**
 * PostgreSQL's search rows of a batch. Its words are listed, and new dense words chosen, before
 * any text is written, so that the texts stored before (the earlier versions of these transcripts
 * among them) get the bits of the new dense words where they were stored. Then each text is stored
 * with the ids of its words but its dense ones, and its bits beside it.
 */
export async function postgresSearchRowWriter(tx: WriteTransaction, words: TextsWords, options: { bulk: boolean }): Promise<SearchRowWriter> {
  // The import and seed commands commit without waiting for the disk: a crash loses at most the
  // last batches, which a rerun restores.
  if (options.bulk) await tx.execute(sql`SET LOCAL synchronous_commit = off`);
  const listed = await wordIdsOfTexts(tx, words);
  const bitsById = await denseWordsForSaving(tx, listed.texts, listed.shortWordIds);
  return {
    async save(texts: TextRow[]) {
      // In key order: the B-tree of the keys appends rows in order to its last page.
      const ordered = [...texts].sort((a, b) => a.sortKey - b.sortKey);
      for (let start = 0; start < ordered.length; start += TEXT_BATCH_SIZE) {
        const rows = ordered
          .slice(start, start + TEXT_BATCH_SIZE)
          .map((row) => sql`(${BigInt(row.sortKey)}, ${row.text}, ${integerArrayLiteral(indexedWordIds(listed.texts[row.position], bitsById))}::integer[])`);
        // Unchanged text is not rewritten (nor indexed again).
        await tx.execute(sql`
          INSERT INTO "TranscriptText" ("sortKey", "text", "words") VALUES ${join(rows)}
          ON CONFLICT ("sortKey") DO UPDATE SET "text" = excluded."text", "words" = excluded."words"
          WHERE "TranscriptText"."text" IS DISTINCT FROM excluded."text"`);
      }
      await saveDenseWords(
        tx,
        ordered.map((row) => ({ sortKey: row.sortKey, wordIds: listed.texts[row.position] })),
        bitsById,
      );
    },
  };
}
