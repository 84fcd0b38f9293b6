import "server-only";
import { storeKeyRead, storeWrite } from "./active-database";
import type { WriteTransaction } from "./database";
import { join, sql } from "./sql";

// TranscriptPersonKey: the keyed hashes of the e-mail addresses and phone numbers a transcript held
// as received (lib/privacy/person-keys.ts). Keys are only ever added while the transcript is stored
// (a redaction or re-sync that no longer holds a value keeps its key: the person's data was there);
// they go with the transcript (ON DELETE CASCADE).

/** A transcript's id and one of its person keys. */
export interface PersonKeyRow {
  transcriptId: string;
  hash: string;
}

/** Rows per INSERT: two bound values a row. */
const ROWS_PER_STATEMENT = 1_000;
/** Keys per lookup: well below both databases' limits on bound values. */
const KEYS_PER_LOOKUP = 1_000;

/** Writes person keys within a write transaction, those stored already left alone. */
export async function writePersonKeys(tx: WriteTransaction, rows: readonly PersonKeyRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const values = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => sql`(${row.transcriptId}, ${row.hash})`);
    await tx.execute(sql`INSERT INTO "TranscriptPersonKey" ("transcriptId", "hash") VALUES ${join(values)} ON CONFLICT DO NOTHING`);
  }
}

/**
 * Stores person keys of stored transcripts (the job that derives them for those stored before); the
 * keys of a transcript deleted meanwhile are left out.
 */
export async function savePersonKeys(rows: readonly PersonKeyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await storeWrite(async (tx) => {
    const ids = [...new Set(rows.map((row) => row.transcriptId))];
    const stored = new Set<string>();
    for (let start = 0; start < ids.length; start += KEYS_PER_LOOKUP) {
      const found = await tx.query<{ id: string }>(
        sql`SELECT "id" FROM "Transcript" WHERE "id" IN (${join(ids.slice(start, start + KEYS_PER_LOOKUP))})`,
      );
      for (const row of found) stored.add(row.id);
    }
    await writePersonKeys(
      tx,
      rows.filter((row) => stored.has(row.transcriptId)),
    );
  });
}

/** The ids of the stored transcripts given any of these keys, in id order, each once. */
export async function transcriptIdsWithPersonKeys(hashes: readonly string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (let start = 0; start < hashes.length; start += KEYS_PER_LOOKUP) {
    const rows = await storeKeyRead<{ transcriptId: string }>(
      sql`SELECT DISTINCT "transcriptId" FROM "TranscriptPersonKey" WHERE "hash" IN (${join(hashes.slice(start, start + KEYS_PER_LOOKUP))})`,
    );
    for (const row of rows) ids.add(row.transcriptId);
  }
  return [...ids].sort();
}
