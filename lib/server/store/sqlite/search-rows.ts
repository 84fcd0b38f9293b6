import "server-only";
import type { SearchRowWriter, TextRow, WriteTransaction } from "../database";
import { join, sql } from "../sql";
import type { TextsWords } from "../search-words";
import { listWordsOfTexts } from "./word-index";

/** Rows per statement of search text: 2 parameters each. */
const TEXT_BATCH_SIZE = 5000;

/**
 * SQLite's search rows of a batch: its new words are listed first, and its texts written last, in
 * as few statements as possible. TranscriptWords (FTS5) indexes each text through the triggers of
 * TranscriptText and flushes its buffer at every commit and before every later statement of the
 * transaction, so bigger transactions (the import and seed commands pass thousands of transcripts)
 * and fewer statements after the texts index fewer, larger segments.
 */
export async function sqliteSearchRowWriter(tx: WriteTransaction, words: TextsWords): Promise<SearchRowWriter> {
  await listWordsOfTexts(tx, words.words);
  return {
    async save(texts: TextRow[]) {
      // In key order: the full-text index flushes its buffer whenever a row's key is below the
      // previous one.
      const ordered = [...texts].sort((a, b) => a.sortKey - b.sortKey);
      for (let start = 0; start < ordered.length; start += TEXT_BATCH_SIZE) {
        const rows = ordered.slice(start, start + TEXT_BATCH_SIZE).map((row) => sql`(${BigInt(row.sortKey)}, ${row.text})`);
        // Unchanged text is not rewritten (nor indexed again).
        await tx.execute(sql`
          INSERT INTO "TranscriptText" ("sortKey", "text") VALUES ${join(rows)}
          ON CONFLICT ("sortKey") DO UPDATE SET "text" = excluded."text" WHERE "TranscriptText"."text" IS NOT excluded."text"`);
      }
    },
  };
}
