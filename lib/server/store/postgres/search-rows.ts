import "server-only";
import type { SearchRowWriter, TextRow, WriteTransaction } from "../database";
import { integerArrayLiteral, join, sql, toNumber } from "../sql";
import type { TextsWords } from "../search-words";
import { indexedWordIds } from "./dense-bits";
import { saveDenseDayCounts } from "./dense-day-counts";
import { denseWordsForSaving, saveDenseWords } from "./dense-words";
import { wordIdsOfTexts } from "./word-index";

/** Rows per statement of search text: 3 parameters each; ids per lookup of the texts replaced. */
const TEXT_BATCH_SIZE = 5000;
const ID_BATCH_SIZE = 500;

/**
 * PostgreSQL's search rows of a batch. Before any of them is written: the batch's words are
 * listed, new dense words chosen (the texts stored before, the earlier versions of these
 * transcripts among them, get their bits and day counts where they were stored), and the texts the
 * batch replaces read, to take them out of their days' counts. Then each text is stored with the ids
 * of its words but its dense ones, its bits beside it, and the day counts moved.
 */
export async function postgresSearchRowWriter(
  tx: WriteTransaction,
  batch: { ids: string[]; words: TextsWords },
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
  const replaced = dense.countedBitOfWord.size > 0 ? await storedTexts(tx, batch.ids) : [];
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
        replaced,
        dense.countedBitOfWord,
        listed.wordOfId,
      );
    },
  };
}

/** The search texts of the transcripts with these ids as stored now, with the keys they are stored at. */
async function storedTexts(tx: WriteTransaction, ids: string[]): Promise<{ sortKey: number; text: string }[]> {
  const texts: { sortKey: number; text: string }[] = [];
  for (let start = 0; start < ids.length; start += ID_BATCH_SIZE) {
    const rows = await tx.query<{ sortKey: unknown; text: string }>(sql`
      SELECT x."sortKey", x."text" FROM "Transcript" t JOIN "TranscriptText" x ON x."sortKey" = t."sortKey"
      WHERE t."id" IN (${join(ids.slice(start, start + ID_BATCH_SIZE))})`);
    for (const row of rows) texts.push({ sortKey: toNumber(row.sortKey), text: row.text });
  }
  return texts;
}
