import "server-only";
import { lockStoreWrites, storeTransaction, type StoreExecutor } from "./store-connection";
import { listWordsOfTexts, wordIdsOfTexts } from "./word-index";
import { denseWordsForSaving, saveDenseDayCounts, saveDenseWords } from "./dense-words";
import { binaryCopyChunks } from "./binary-copy";
import { int, integerArrayLiteral, join, sql, toNumber } from "./sql";
import { nextSortKey, preferredSortKey, SORT_KEY_SPREAD } from "@/lib/transcripts/sort-key";
import { rollupDeltas, type RollupDeltas, type RollupFacts } from "@/lib/transcripts/rollup-deltas";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { wordsOfTexts, type TextsWords } from "@/lib/transcripts/search-words";
import { indexedWordIds } from "@/lib/transcripts/dense-words";

/**
 * Rows per INSERT statement, and ids or keys per lookup: 16 parameters a row stays far below both
 * databases' limits. Sort keys are bound as parameters (BigInt), not written as literals, so that
 * every full batch has the same text and SQLite compiles its statement once.
 */
export const SAVE_BATCH_SIZE = 500;

/** The columns a transcript's row is written with, in the order of its values (copied or upserted). */
const TRANSCRIPT_COLUMNS = sql`"id", "sessionId", "createdAt", "updatedAt", "sortKey", "device", "os", "browser", "messageCount", "durationMs", "preview", "question", "answer", "receivedAt", "properties", "source"`;

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
    const existing = await findExisting(tx, unique.map((transcript) => transcript.id));
    const sortKeys = await assignSortKeys(tx, unique, existing);
    const isNew = unique.map((transcript) => !existing.has(transcript.id));
    await writeTranscripts(tx, unique, isNew, sortKeys);
    result.imported += unique.length - existing.size;
    result.updated += existing.size;

    await applyRollupDeltas(
      tx,
      rollupDeltas(
        unique.map((t) => ({
          before: existing.get(t.id)?.facts ?? null,
          after: { createdAtMs: t.createdAt.getTime(), device: t.device, os: t.os, browser: t.browser },
        })),
      ),
    );
    // Keys that transcripts moved away from (their createdAt changed).
    const movedKeys = [...existing.values()].flatMap((row) => (row.sortKey !== sortKeys.get(row.id) ? [row.sortKey] : []));
    const texts = unique.map((t, index) => ({
      sortKey: sortKeys.get(t.id)!,
      text: t.searchText,
      isNew: isNew[index],
      words: listed?.texts[index],
      indexedIds: listed && dense ? indexedWordIds(listed.texts[index].ids, dense.bitsById) : undefined,
    }));
    if (!tx.isPostgres) await listWordsOfTexts(tx, words.words);
    await saveSearchText(tx, movedKeys, texts);
    if (listed && dense) {
      await saveDenseWords(tx, texts.map((text) => ({ sortKey: text.sortKey, wordIds: text.words!.ids, isNew: text.isNew })), dense.bitsById);
      // The stored texts of the transcripts written, where they were stored: they no longer count.
      const replaced = [...existing.values()].flatMap((row) => (row.text === null ? [] : [{ sortKey: row.sortKey, text: row.text }]));
      await saveDenseDayCounts(tx, texts.map((text) => ({ sortKey: text.sortKey, ...text.words! })), replaced, dense, listed.wordOfId);
    }
    return result;
  });
}

/** Rows per statement of search text: 2 or 3 parameters each. */
const TEXT_BATCH_SIZE = 5000;

/**
 * The search text follows its transcript's key: a foreign key (SQLite) or a trigger (PostgreSQL,
 * migration search_rows_follow_by_trigger) moves it with a changed sortKey, and the delete covers a
 * connection without foreign keys enforced. Unchanged text is not rewritten.
 */
async function saveSearchText(tx: StoreExecutor, movedKeys: number[], texts: { sortKey: number; text: string; isNew: boolean; indexedIds?: number[] }[]): Promise<void> {
  if (movedKeys.length > 0) await tx.execute(sql`DELETE FROM "TranscriptText" WHERE "sortKey" IN (${join(movedKeys.map(int))})`);
  // In key order: SQLite's full-text index flushes its buffer whenever a row's key is below the
  // previous one, which made a newest-first export import at half the speed of an oldest-first one
  // (and PostgreSQL's B-tree of the keys appends rows in order to its last page).
  texts.sort((a, b) => a.sortKey - b.sortKey);
  // The word index (word-index.ts): PostgreSQL stores the ids of each text's words with it but
  // those of its common words, whose bits it stores beside it (dense-words.ts); SQLite's full-text
  // index finds the words itself, and its list took the new words before this (a statement after
  // the texts would make the index flush its buffer once more).
  const columns = tx.isPostgres ? sql`"sortKey", "text", "words"` : sql`"sortKey", "text"`;
  if (tx.isPostgres) {
    const copied = texts.filter((text) => text.isNew);
    if (copied.length > 0) {
      const rows = binaryCopyChunks(copied, (row, text) => row.row(3).bigint(text.sortKey).text(text.text).integerArray(text.indexedIds!));
      await tx.copyRows(sql`"TranscriptText" (${columns})`, rows);
    }
    texts = texts.filter((text) => !text.isNew);
  }
  const updated = tx.isPostgres ? sql`"text" = excluded."text", "words" = excluded."words"` : sql`"text" = excluded."text"`;
  const differs = tx.isPostgres ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  for (let start = 0; start < texts.length; start += TEXT_BATCH_SIZE) {
    const rows = texts
      .slice(start, start + TEXT_BATCH_SIZE)
      .map((row) => (row.indexedIds ? sql`(${BigInt(row.sortKey)}, ${row.text}, ${integerArrayLiteral(row.indexedIds)}::integer[])` : sql`(${BigInt(row.sortKey)}, ${row.text})`));
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

/**
 * Writes the transcripts' rows. PostgreSQL copies those of new transcripts (binary-copy.ts): no
 * statement to parse, no parameter to convert from text, rows inserted in blocks, and the server
 * inserts the first chunks while the next are written (the 50,000-transcript import ran 20-45 %
 * faster). The others, and every row on SQLite, are upserted.
 */
async function writeTranscripts(tx: StoreExecutor, transcripts: StorableTranscript[], isNew: boolean[], sortKeys: Map<string, number>): Promise<void> {
  const receivedAt = new Date();
  let upserted = transcripts;
  if (tx.isPostgres) {
    const copied = transcripts.filter((_, index) => isNew[index]).sort((a, b) => sortKeys.get(a.id)! - sortKeys.get(b.id)!);
    if (copied.length > 0) await copyTranscripts(tx, copied, sortKeys, receivedAt);
    upserted = transcripts.filter((_, index) => !isNew[index]);
  }
  for (let start = 0; start < upserted.length; start += SAVE_BATCH_SIZE) {
    await upsertTranscripts(tx, upserted.slice(start, start + SAVE_BATCH_SIZE), sortKeys, receivedAt);
  }
}

async function copyTranscripts(tx: StoreExecutor, transcripts: StorableTranscript[], sortKeys: Map<string, number>, receivedAt: Date): Promise<void> {
  const rows = binaryCopyChunks(transcripts, (row, t) =>
    row
      .row(16)
      .text(t.id)
      .text(t.sessionId)
      .timestamp(t.createdAt)
      .timestamp(t.updatedAt)
      .bigint(sortKeys.get(t.id)!)
      .text(t.device)
      .text(t.os)
      .text(t.browser)
      .integer(t.messageCount)
      .integer(t.durationMs)
      .text(t.preview)
      .text(t.question)
      .text(t.answer)
      .timestamp(receivedAt)
      .text(t.propertiesJson)
      .text(t.sourceJson),
  );
  await tx.copyRows(sql`"Transcript" (${TRANSCRIPT_COLUMNS})`, rows);
}

async function upsertTranscripts(tx: StoreExecutor, batch: StorableTranscript[], sortKeys: Map<string, number>, receivedAt: Date): Promise<void> {
  // The cast stores a source given as UTF-8 bytes as text: the drivers bind bytes as a blob (SQLite)
  // or in binary (PostgreSQL, where the cast makes the parameter text).
  const values = batch.map(
    (t) =>
      sql`(${t.id}, ${t.sessionId}, ${t.createdAt}, ${t.updatedAt}, ${BigInt(sortKeys.get(t.id)!)}, ${t.device}, ${t.os}, ${t.browser}, ${t.messageCount}, ${t.durationMs}, ${t.preview}, ${t.question}, ${t.answer}, ${receivedAt}, ${t.propertiesJson}, CAST(${t.sourceJson} AS TEXT))`,
  );
  const differs = tx.isPostgres ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  // A re-sent transcript that did not change is left alone (no rewrite, no re-indexing).
  await tx.execute(sql`
    INSERT INTO "Transcript" (${TRANSCRIPT_COLUMNS})
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
}

async function findExisting(tx: StoreExecutor, ids: string[]): Promise<Map<string, ExistingRow>> {
  // PostgreSQL also reads the stored text, which the write will no longer count for its dense words.
  const text = tx.isPostgres ? sql`(SELECT x."text" FROM "TranscriptText" x WHERE x."sortKey" = t."sortKey")` : sql`NULL`;
  const existing = new Map<string, ExistingRow>();
  for (let start = 0; start < ids.length; start += SAVE_BATCH_SIZE) {
    const rows = await tx.query<{ id: string; sortKey: unknown; device: string | null; os: string | null; browser: string | null; text: string | null }>(sql`
      SELECT t."id", t."sortKey", t."device", t."os", t."browser", ${text} AS "text" FROM "Transcript" t WHERE t."id" IN (${join(ids.slice(start, start + SAVE_BATCH_SIZE))})`);
    for (const row of rows) {
      const sortKey = toNumber(row.sortKey);
      existing.set(row.id, { id: row.id, sortKey, facts: { createdAtMs: Math.floor(sortKey / SORT_KEY_SPREAD), device: row.device, os: row.os, browser: row.browser }, text: row.text });
    }
  }
  return existing;
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
    const owners = new Map<number, string>();
    for (let start = 0; start < pending.length; start += SAVE_BATCH_SIZE) {
      const rows = await tx.query<{ id: string; sortKey: unknown }>(sql`
        SELECT "id", "sortKey" FROM "Transcript" WHERE "sortKey" IN (${join(pending.slice(start, start + SAVE_BATCH_SIZE).map((p) => BigInt(p.key)))})`);
      for (const row of rows) owners.set(toNumber(row.sortKey), row.id);
    }
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

/** Adds the deltas to the rollups and drops the buckets they empty; within the transaction that moved the transcripts. */
export async function applyRollupDeltas(tx: StoreExecutor, deltas: RollupDeltas): Promise<void> {
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
