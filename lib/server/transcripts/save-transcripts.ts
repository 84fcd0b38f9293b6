import "server-only";
import { lockStoreWrites, storeTransaction, type StoreExecutor } from "./store-connection";
import { listWordsOfTexts, wordIdsOfTexts, type WordsOfText } from "./word-index";
import { denseWordsForSaving, saveDenseDayCounts, saveDenseWords } from "./dense-words";
import { int, integerArrayLiteral, join, sql, toNumber } from "./sql";
import { nextSortKey, preferredSortKey, SORT_KEY_SPREAD } from "@/lib/transcripts/sort-key";
import { rollupDeltas, type RollupDeltas, type RollupFacts } from "@/lib/transcripts/rollup-deltas";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { wordsOfTexts, type TextsWords } from "@/lib/transcripts/search-words";

/**
 * Rows per INSERT statement: 16 parameters each stays far below both databases' limits. Sort keys
 * are bound as parameters (BigInt), not written as literals, so that every full batch has the same
 * text and SQLite compiles its statement once.
 */
export const SAVE_BATCH_SIZE = 500;

export interface SaveResult {
  imported: number;
  updated: number;
}

export { useBulkWrites } from "./store-connection";

/**
 * Stores transcripts, idempotent on the id: an unknown id is inserted, a known one is updated in
 * place (never duplicated), and the analytics rollups move with them, in the same transaction.
 * `bulk` relaxes durability of each commit for the import and seed commands (the data is safe
 * once the command ends; a crash mid-run loses at most the last batches, which a rerun restores).
 * `words` are the words of the transcripts' search texts (wordsOfTexts), when the caller has them.
 */
export async function saveTranscripts(transcripts: readonly StorableTranscript[], options: { bulk?: boolean; words?: TextsWords } = {}): Promise<SaveResult> {
  const result: SaveResult = { imported: 0, updated: 0 };
  // Within one call the last version of an id wins; the earlier ones count as updates of it.
  const latest = new Map<string, StorableTranscript>();
  for (const transcript of transcripts) {
    if (latest.has(transcript.id)) result.updated += 1;
    latest.set(transcript.id, transcript);
  }
  const unique = [...latest.values()];
  if (unique.length === 0) return result;
  // The words of the search texts: those the caller worked out for the transcripts as given (the
  // import and seed workers do, to spare this thread), unless the call names a transcript twice.
  const words = options.words && unique.length === transcripts.length ? options.words : wordsOfTexts(unique.map((transcript) => transcript.searchText));
  // One transaction for the whole call, and the search text written last in as few statements as
  // possible: SQLite's full-text index flushes its buffer at every commit and before every later
  // statement of the transaction, so bigger transactions (the import and seed commands pass
  // thousands) and fewer statements after the text index fewer, larger segments.
  return storeTransaction(async (tx) => {
    await lockStoreWrites(tx);
    if (tx.isPostgres && options.bulk) await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // PostgreSQL lists the texts' words and chooses new dense words before any text is written, so
    // that the texts stored before (the earlier versions of these transcripts among them) are
    // counted for the new dense words where they were stored.
    const listed = tx.isPostgres ? await wordIdsOfTexts(tx, words) : null;
    const dense = listed ? await denseWordsForSaving(tx, listed.texts.map((text) => text.ids), listed.shortWordIds) : null;
    const written: WrittenBatch[] = [];
    for (let start = 0; start < unique.length; start += SAVE_BATCH_SIZE) {
      const batch = await saveBatch(tx, unique.slice(start, start + SAVE_BATCH_SIZE));
      result.imported += batch.imported;
      result.updated += batch.updated;
      written.push(batch);
    }
    await applyRollupDeltas(tx, rollupDeltas(written.flatMap((batch) => batch.changes)));
    const texts = written.flatMap((batch) => batch.texts).map((text, index) => ({ ...text, words: listed?.texts[index] }));
    if (!tx.isPostgres) await listWordsOfTexts(tx, words.words);
    await saveSearchText(tx, written.flatMap((batch) => batch.movedKeys), texts);
    if (listed && dense) {
      await saveDenseWords(tx, texts.map((text) => ({ sortKey: text.sortKey, wordIds: text.words!.ids })), dense.bitOf);
      await saveDenseDayCounts(tx, texts.map((text) => ({ sortKey: text.sortKey, ...text.words! })), written.flatMap((batch) => batch.replaced), dense, listed.wordOfId);
    }
    return result;
  });
}

interface WrittenBatch extends SaveResult {
  changes: { before: RollupFacts | null; after: RollupFacts }[];
  /** Keys that transcripts of the batch moved away from (their createdAt changed). */
  movedKeys: number[];
  texts: { sortKey: number; text: string }[];
  /** PostgreSQL: the stored texts of the transcripts the batch updates, where they were stored. */
  replaced: { sortKey: number; text: string }[];
}

/** Rows per statement of search text: 2 or 3 parameters each. */
const TEXT_BATCH_SIZE = 5000;

/**
 * The search text follows its transcript's key: the foreign key cascades a changed sortKey, and the
 * delete covers a connection without foreign keys enforced. Unchanged text is not rewritten.
 */
async function saveSearchText(tx: StoreExecutor, movedKeys: number[], texts: { sortKey: number; text: string; words?: WordsOfText }[]): Promise<void> {
  if (movedKeys.length > 0) await tx.execute(sql`DELETE FROM "TranscriptText" WHERE "sortKey" IN (${join(movedKeys.map(int))})`);
  // In key order: SQLite's full-text index flushes its buffer whenever a row's key is below the
  // previous one, which made a newest-first export import at half the speed of an oldest-first one.
  texts.sort((a, b) => a.sortKey - b.sortKey);
  // The word index (word-index.ts): PostgreSQL stores the ids of each text's words with it, and the
  // bits of its common words beside it (dense-words.ts); SQLite's full-text index finds the words
  // itself, and its list took the new words before this (a statement after the texts would make the
  // index flush its buffer once more).
  const columns = tx.isPostgres ? sql`"sortKey", "text", "words"` : sql`"sortKey", "text"`;
  const updated = tx.isPostgres ? sql`"text" = excluded."text", "words" = excluded."words"` : sql`"text" = excluded."text"`;
  const differs = tx.isPostgres ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  for (let start = 0; start < texts.length; start += TEXT_BATCH_SIZE) {
    const rows = texts
      .slice(start, start + TEXT_BATCH_SIZE)
      .map((row) => (row.words ? sql`(${BigInt(row.sortKey)}, ${row.text}, ${integerArrayLiteral(row.words.ids)}::integer[])` : sql`(${BigInt(row.sortKey)}, ${row.text})`));
    await tx.execute(sql`
      INSERT INTO "TranscriptText" (${columns}) VALUES ${join(rows)}
      ON CONFLICT ("sortKey") DO UPDATE SET ${updated} WHERE "TranscriptText"."text" ${differs} excluded."text"`);
  }
}

interface ExistingRow {
  id: string;
  sortKey: number;
  facts: RollupFacts;
  /** PostgreSQL: its stored search text (null when it has none). */
  text: string | null;
}

async function saveBatch(tx: StoreExecutor, batch: StorableTranscript[]): Promise<WrittenBatch> {
  const existing = await findExisting(tx, batch.map((transcript) => transcript.id));
  const sortKeys = await assignSortKeys(tx, batch, existing);
  const receivedAt = new Date();

  // The cast stores a source given as UTF-8 bytes as text: the drivers bind bytes as a blob (SQLite)
  // or in binary (PostgreSQL, where the cast makes the parameter text).
  const values = batch.map((t) =>
    sql`(${t.id}, ${t.sessionId}, ${t.createdAt}, ${t.updatedAt}, ${BigInt(sortKeys.get(t.id)!)}, ${t.device}, ${t.os}, ${t.browser}, ${t.messageCount}, ${t.durationMs}, ${t.preview}, ${t.question}, ${t.answer}, ${receivedAt}, ${t.propertiesJson}, CAST(${t.sourceJson} AS TEXT))`,
  );
  const differs = tx.isPostgres ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  // A re-sent transcript that did not change is left alone (no rewrite, no re-indexing).
  await tx.execute(sql`
    INSERT INTO "Transcript" ("id", "sessionId", "createdAt", "updatedAt", "sortKey", "device", "os", "browser", "messageCount", "durationMs", "preview", "question", "answer", "receivedAt", "properties", "source")
    VALUES ${join(values)}
    ON CONFLICT ("id") DO UPDATE SET
      "sessionId" = excluded."sessionId", "createdAt" = excluded."createdAt", "updatedAt" = excluded."updatedAt",
      "sortKey" = excluded."sortKey", "device" = excluded."device", "os" = excluded."os", "browser" = excluded."browser",
      "messageCount" = excluded."messageCount", "durationMs" = excluded."durationMs", "preview" = excluded."preview",
      "question" = excluded."question", "answer" = excluded."answer", "receivedAt" = excluded."receivedAt",
      "properties" = excluded."properties", "source" = excluded."source"
    WHERE "Transcript"."source" ${differs} excluded."source" OR "Transcript"."updatedAt" ${differs} excluded."updatedAt"
      OR "Transcript"."createdAt" ${differs} excluded."createdAt" OR "Transcript"."sessionId" ${differs} excluded."sessionId"
      OR "Transcript"."device" ${differs} excluded."device" OR "Transcript"."os" ${differs} excluded."os"
      OR "Transcript"."browser" ${differs} excluded."browser" OR "Transcript"."properties" ${differs} excluded."properties"`);

  return {
    imported: batch.length - existing.size,
    updated: existing.size,
    changes: batch.map((t) => ({
      before: existing.get(t.id)?.facts ?? null,
      after: { createdAtMs: t.createdAt.getTime(), device: t.device, os: t.os, browser: t.browser },
    })),
    movedKeys: batch.flatMap((t) => {
      const previous = existing.get(t.id);
      return previous && previous.sortKey !== sortKeys.get(t.id) ? [previous.sortKey] : [];
    }),
    texts: batch.map((t) => ({ sortKey: sortKeys.get(t.id)!, text: t.searchText })),
    replaced: [...existing.values()].flatMap((row) => (row.text === null ? [] : [{ sortKey: row.sortKey, text: row.text }])),
  };
}

async function findExisting(tx: StoreExecutor, ids: string[]): Promise<Map<string, ExistingRow>> {
  // PostgreSQL also reads the stored text, which the write will no longer count for its dense words.
  const text = tx.isPostgres ? sql`(SELECT x."text" FROM "TranscriptText" x WHERE x."sortKey" = t."sortKey")` : sql`NULL`;
  const rows = await tx.query<{ id: string; sortKey: unknown; device: string | null; os: string | null; browser: string | null; text: string | null }>(sql`
    SELECT t."id", t."sortKey", t."device", t."os", t."browser", ${text} AS "text" FROM "Transcript" t WHERE t."id" IN (${join(ids)})`);
  return new Map(
    rows.map((row) => {
      const sortKey = toNumber(row.sortKey);
      return [row.id, { id: row.id, sortKey, facts: { createdAtMs: Math.floor(sortKey / SORT_KEY_SPREAD), device: row.device, os: row.os, browser: row.browser }, text: row.text }];
    }),
  );
}

/**
 * A transcript keeps its sort key while its createdAt is unchanged; otherwise it takes the first
 * free key of its millisecond, starting from one derived from its id.
 */
async function assignSortKeys(tx: StoreExecutor, batch: StorableTranscript[], existing: Map<string, ExistingRow>): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  const claimed = new Set<number>();
  let pending: { id: string; key: number; tries: number }[] = [];
  for (const transcript of batch) {
    const previous = existing.get(transcript.id);
    if (previous && previous.facts.createdAtMs === transcript.createdAt.getTime()) {
      keys.set(transcript.id, previous.sortKey);
      claimed.add(previous.sortKey);
    } else {
      pending.push({ id: transcript.id, key: preferredSortKey(transcript.createdAt.getTime(), transcript.id), tries: 0 });
    }
  }
  while (pending.length > 0) {
    const rows = await tx.query<{ id: string; sortKey: unknown }>(sql`
      SELECT "id", "sortKey" FROM "Transcript" WHERE "sortKey" IN (${join(pending.map((p) => BigInt(p.key)))})`);
    const owners = new Map(rows.map((row) => [toNumber(row.sortKey), row.id]));
    const retry: typeof pending = [];
    for (const candidate of pending) {
      const owner = owners.get(candidate.key);
      if ((owner === undefined || owner === candidate.id) && !claimed.has(candidate.key)) {
        keys.set(candidate.id, candidate.key);
        claimed.add(candidate.key);
      } else if (candidate.tries + 1 >= SORT_KEY_SPREAD) {
        throw new Error(`More than ${SORT_KEY_SPREAD} transcripts share the millisecond of transcript ${candidate.id}`);
      } else {
        retry.push({ id: candidate.id, key: nextSortKey(candidate.key), tries: candidate.tries + 1 });
      }
    }
    pending = retry;
  }
  return keys;
}

async function applyRollupDeltas(tx: StoreExecutor, deltas: RollupDeltas): Promise<void> {
  if (deltas.slots.length > 0) {
    await tx.execute(sql`
      INSERT INTO "TranscriptSlotCount" ("slot", "count") VALUES ${join(deltas.slots.map((d) => sql`(${int(d.slot)}, ${int(d.delta)})`))}
      ON CONFLICT ("slot") DO UPDATE SET "count" = "TranscriptSlotCount"."count" + excluded."count"`);
  }
  if (deltas.attributes.length > 0) {
    await tx.execute(sql`
      INSERT INTO "TranscriptHourAttribute" ("dimension", "hour", "value", "count")
      VALUES ${join(deltas.attributes.map((d) => sql`(${d.dimension}, ${int(d.hour)}, ${d.value}, ${int(d.delta)})`))}
      ON CONFLICT ("dimension", "hour", "value") DO UPDATE SET "count" = "TranscriptHourAttribute"."count" + excluded."count"`);
  }
  if (deltas.slots.some((d) => d.delta < 0) || deltas.attributes.some((d) => d.delta < 0)) {
    await tx.execute(sql`DELETE FROM "TranscriptSlotCount" WHERE "count" <= 0`);
    await tx.execute(sql`DELETE FROM "TranscriptHourAttribute" WHERE "count" <= 0`);
  }
}
