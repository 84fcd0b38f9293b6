import "server-only";
import { activeDatabase } from "./active-database";
import type { StoreDatabase, TextRow, WriteTransaction } from "./database";
import { join, sql, toNumber } from "./sql";
import { createdAtMsOfSortKey } from "./sort-key";
import { assignSortKeys } from "./assign-sort-keys";
import { rollupDeltas, type RollupFacts } from "./rollup-deltas";
import { applyRollupDeltas, ROLLUP_COLUMNS, rollupFactsOf, type RollupRow } from "./rollups";
import { wordsOfTexts, type TextsWords } from "./search-words";
import { TRANSCRIPT_COLUMNS } from "./transcript-row";
import { storedTextsAt, unlistWordsNoLongerHeld, wordsTheReplacementsLack } from "./unlisted-words";
import { readSignalRules, signalsOfStorable, writeSignals } from "./transcript-signals";
import { writePersonKeys } from "./person-keys";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { TranscriptSignals } from "@/lib/insights/derive-signals";

/**
 * Rows per INSERT statement, and ids or keys per lookup: 16 parameters a row stays far below both
 * databases' limits. Sort keys are bound as parameters (BigInt), so that every full batch has the
 * same text and SQLite compiles its statement once.
 */
export const SAVE_BATCH_SIZE = 500;

export interface SaveResult {
  imported: number;
  updated: number;
}

/**
 * Stores transcripts, idempotent on the id: an unknown id is inserted, a known one is updated in
 * place (never duplicated), and the analytics rollups and search rows move with them, in one
 * transaction; the words a replaced text held and its replacement lacks leave the word list when no
 * stored text holds them any longer (unlisted-words.ts). `bulk` relaxes the durability of each
 * commit for the import and seed commands (the data is safe once the command ends; a crash mid-run
 * loses at most the last batches, which a rerun restores). `words` are the words of the
 * transcripts' search texts (wordsOfTexts), when the caller has them. Each transcript's signals
 * (lib/insights) are stored with it, by the administrators' phrase lists of the moment: `signals`,
 * when the caller derived them by the lists of that version (in the transcripts' order), else
 * derived here from the source. Each transcript's person keys are added to those it has (person-keys.ts).
 */
export async function saveTranscripts(
  transcripts: readonly StorableTranscript[],
  options: { bulk?: boolean; words?: TextsWords; signals?: { rows: TranscriptSignals[]; rulesVersion: number } } = {},
): Promise<SaveResult> {
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
  const words =
    options.words && unique.length === transcripts.length ? options.words : wordsOfTexts(unique.map((transcript) => transcript.searchText));
  const database = activeDatabase();
  // One transaction for the whole call: the import and seed commands pass thousands of transcripts.
  return database.write(async (tx) => {
    const ids = unique.map((transcript) => transcript.id);
    const existing = await findExisting(tx, ids);
    // The texts of the transcripts stored already, as stored before this write (an import of new
    // transcripts has none to read).
    const replaced =
      existing.size > 0
        ? await storedTextsAt(
            tx,
            [...existing.values()].map((row) => row.sortKey),
          )
        : [];
    const searchRows = await database.searchRowWriter(tx, { words, replaced }, { bulk: options.bulk === true });
    const sortKeys = await assignSortKeys(tx, unique, existing);
    const placed = unique.map((t) => {
      const createdAtMs = createdAtMsOfSortKey(sortKeys.get(t.id)!);
      return createdAtMs === t.createdAt.getTime() ? t : { ...t, createdAt: new Date(createdAtMs) };
    });
    await writeTranscripts(tx, database, placed, sortKeys, existing);
    result.imported += unique.length - existing.size;
    result.updated += existing.size;

    await applyRollupDeltas(
      tx,
      rollupDeltas(
        placed.map((t) => ({
          before: existing.get(t.id)?.facts ?? null,
          after: { createdAtMs: t.createdAt.getTime(), device: t.device, os: t.os, browser: t.browser, messageCount: t.messageCount },
        })),
      ),
    );
    const texts: TextRow[] = unique.map((t, position) => ({ sortKey: sortKeys.get(t.id)!, text: t.searchText, position }));
    await searchRows.save(texts);
    if (replaced.length > 0) {
      const textAt = new Map(replaced.map((text) => [text.sortKey, text.text]));
      const replacements = unique.flatMap((t, position) => {
        const before = textAt.get(existing.get(t.id)?.sortKey ?? -1);
        return before === undefined ? [] : [{ before, after: t.searchText, position }];
      });
      await unlistWordsNoLongerHeld(tx, wordsTheReplacementsLack(replacements, words));
    }
    const signalRules = await readSignalRules(tx);
    // Signals the caller derived (the import and seed workers do) serve while the phrase lists are
    // those they were derived with, unless the call names a transcript twice.
    const given =
      options.signals && options.signals.rulesVersion === signalRules.version && unique.length === transcripts.length
        ? options.signals.rows
        : null;
    await writeSignals(
      tx,
      unique.map((t, index) => ({ sortKey: sortKeys.get(t.id)!, signals: given?.[index] ?? signalsOfStorable(t, signalRules.rules) })),
      signalRules.version,
    );
    await writePersonKeys(
      tx,
      unique.flatMap((t) => t.personKeys.map((hash) => ({ transcriptId: t.id, hash }))),
    );
    return result;
  });
}

interface ExistingRow {
  id: string;
  sessionId: string;
  sortKey: number;
  origin: string | null;
  facts: RollupFacts;
}

async function findExisting(tx: WriteTransaction, ids: string[]): Promise<Map<string, ExistingRow>> {
  const existing = new Map<string, ExistingRow>();
  for (let start = 0; start < ids.length; start += SAVE_BATCH_SIZE) {
    const rows = await tx.query<RollupRow & { sessionId: string; origin: string | null }>(sql`
      SELECT ${ROLLUP_COLUMNS}, "sessionId", "origin" FROM "Transcript" WHERE "id" IN (${join(ids.slice(start, start + SAVE_BATCH_SIZE))})`);
    for (const row of rows) {
      existing.set(row.id, {
        id: row.id,
        sessionId: row.sessionId,
        sortKey: toNumber(row.sortKey),
        origin: row.origin,
        facts: rollupFactsOf(row),
      });
    }
  }
  return existing;
}

/**
 * Whether a transcript stored already keeps every column its row's indexes hold or other rows
 * reference: its session, its createdAt (so its sort key, assignSortKeys), its device, OS and
 * browser, and its origin (unless none is given). Such a row is updated in its content columns alone (a redaction re-saves every
 * transcript it changes so): setting an indexed or referenced column, even to its own value,
 * rewrites the row's entries in every index holding it and checks the rows referencing it.
 */
function keepsIndexedColumns(transcript: StorableTranscript, stored: ExistingRow | undefined): boolean {
  return (
    stored !== undefined &&
    stored.sessionId === transcript.sessionId &&
    stored.facts.createdAtMs === transcript.createdAt.getTime() &&
    stored.facts.device === transcript.device &&
    stored.facts.os === transcript.os &&
    stored.facts.browser === transcript.browser &&
    (transcript.origin === undefined || stored.origin === transcript.origin)
  );
}

/** Writes the transcripts' rows, in batches: new ones and those changing indexed columns whole, the others in their content. */
async function writeTranscripts(
  tx: WriteTransaction,
  database: StoreDatabase,
  transcripts: StorableTranscript[],
  sortKeys: Map<string, number>,
  existing: Map<string, ExistingRow>,
): Promise<void> {
  const receivedAt = new Date();
  const whole: StorableTranscript[] = [];
  const inPlace: StorableTranscript[] = [];
  for (const t of transcripts) (keepsIndexedColumns(t, existing.get(t.id)) ? inPlace : whole).push(t);
  for (const [batch, columns] of [
    [whole, "whole row"],
    [inPlace, "content"],
  ] as const) {
    for (let start = 0; start < batch.length; start += SAVE_BATCH_SIZE) {
      await upsertTranscripts(tx, database, batch.slice(start, start + SAVE_BATCH_SIZE), sortKeys, receivedAt, columns);
    }
  }
}

async function upsertTranscripts(
  tx: WriteTransaction,
  database: StoreDatabase,
  batch: StorableTranscript[],
  sortKeys: Map<string, number>,
  receivedAt: Date,
  columns: "whole row" | "content",
): Promise<void> {
  // The cast stores a source given as UTF-8 bytes as text: the drivers bind bytes as a blob (SQLite)
  // or in binary (PostgreSQL, where the cast makes the parameter text).
  const values = batch.map(
    (t) =>
      sql`(${t.id}, ${t.sessionId}, ${t.createdAt}, ${t.updatedAt}, ${BigInt(sortKeys.get(t.id)!)}, ${t.device}, ${t.os}, ${t.browser}, ${t.messageCount}, ${t.durationMs}, ${t.preview}, ${t.question}, ${t.answer}, ${receivedAt}, ${t.propertiesJson}, CAST(${t.sourceJson} AS TEXT), ${t.origin ?? null})`,
  );
  const differs = database.isDistinctFrom;
  const content = sql`"updatedAt" = excluded."updatedAt", "messageCount" = excluded."messageCount", "durationMs" = excluded."durationMs",
      "preview" = excluded."preview", "question" = excluded."question", "answer" = excluded."answer", "receivedAt" = excluded."receivedAt",
      "properties" = excluded."properties", "source" = excluded."source"`;
  // A transcript given without an origin keeps the stored one.
  const origin = sql`coalesce(excluded."origin", "Transcript"."origin")`;
  const indexed = sql`"sessionId" = excluded."sessionId", "createdAt" = excluded."createdAt", "sortKey" = excluded."sortKey",
      "device" = excluded."device", "os" = excluded."os", "browser" = excluded."browser", "origin" = ${origin}`;
  // A re-sent transcript that did not change is left alone (no rewrite, no re-indexing).
  await tx.execute(sql`
    INSERT INTO "Transcript" (${TRANSCRIPT_COLUMNS})
    VALUES ${join(values)}
    ON CONFLICT ("id") DO UPDATE SET ${columns === "content" ? content : sql`${indexed}, ${content}`}
    WHERE "Transcript"."source" ${differs} excluded."source" OR "Transcript"."updatedAt" ${differs} excluded."updatedAt"
      OR "Transcript"."createdAt" ${differs} excluded."createdAt" OR "Transcript"."sessionId" ${differs} excluded."sessionId"
      OR "Transcript"."device" ${differs} excluded."device" OR "Transcript"."os" ${differs} excluded."os"
      OR "Transcript"."browser" ${differs} excluded."browser" OR "Transcript"."properties" ${differs} excluded."properties"
      OR "Transcript"."origin" ${differs} ${origin}`);
}
