import "server-only";
import { storeDialect, storeRead } from "./active-database";
import { int, join, sql, toNumber } from "./sql";
import { sortKeyRange } from "./sort-key";
import type { StoredSource } from "./stored-sources";
import type { ErasurePrefilter } from "@/lib/privacy/erasure-prefilter";

// Which transcripts an erasure or the retention deletes (deleteTranscripts does the deleting): the
// stored ones of a list of ids, those of a session, the records that may hold an e-mail address or
// a phone number, and the oldest created before a cut-off.

/** The ids of the list that are stored, each once. */
export async function storedTranscriptIds(ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await storeRead<{ id: string }>(sql`SELECT "id" FROM "Transcript" WHERE "id" IN (${join(unique)})`);
  return rows.map((row) => row.id);
}

/** The ids of a session's transcripts (index on sessionId, sortKey). */
export async function transcriptIdsOfSession(sessionId: string): Promise<string[]> {
  const rows = await storeRead<{ id: string }>(sql`SELECT "id" FROM "Transcript" WHERE "sessionId" = ${sessionId}`);
  return rows.map((row) => row.id);
}

/** The transcripts examined by one call of readSourcesPassing, and the records of those that pass. */
export interface SourceChunk {
  candidates: StoredSource[];
  /** The last sort key examined; null when no transcript follows `afterKey`. */
  lastKey: number | null;
}

/**
 * Of the (up to `limit`) transcripts after the sort key `afterKey`, in key order, the stored records
 * whose JSON text passes the prefilter (lib/privacy/erasure-prefilter.ts). The text is tested in the
 * database, so only candidates are read out; each call reads a bounded slice of the keys, within the
 * read budget. Over every slice, a scan of every stored record (its time: `npm run bench:privacy`).
 */
export async function readSourcesPassing(prefilter: ErasurePrefilter, afterKey: number, limit: number): Promise<SourceChunk> {
  const [last] = await storeRead<{ sortKey: unknown }>(sql`
    SELECT max("sortKey") AS "sortKey" FROM (
      SELECT "sortKey" FROM "Transcript" WHERE "sortKey" > ${int(afterKey)} ORDER BY "sortKey" LIMIT ${int(limit)}
    ) AS "slice"`);
  if (last?.sortKey === null || last?.sortKey === undefined) return { candidates: [], lastKey: null };
  const lastKey = toNumber(last.sortKey);
  const rows = await storeRead<{ sortKey: unknown; id: string; sessionId: string; source: string }>(
    sql`
      SELECT "sortKey", "id", "sessionId", "source" FROM "Transcript"
      WHERE "sortKey" > ${int(afterKey)} AND "sortKey" <= ${int(lastKey)} AND (${storeDialect().passesPrefilter(prefilter)})
      ORDER BY "sortKey"`,
    { scansTexts: true },
  );
  return {
    candidates: rows.map((row) => ({ sortKey: toNumber(row.sortKey), id: row.id, sessionId: row.sessionId, source: row.source })),
    lastKey,
  };
}

/** How many transcripts were created before `cutoffMs` (index on sortKey). */
export async function countCreatedBefore(cutoffMs: number): Promise<number> {
  const [row] = await storeRead<{ n: unknown }>(
    sql`SELECT count(*) AS "n" FROM "Transcript" WHERE "sortKey" < ${int(sortKeyRange(cutoffMs, cutoffMs).low)}`,
  );
  return toNumber(row?.n);
}

/** The ids of the (up to `limit`) oldest transcripts created before `cutoffMs`, oldest first. */
export async function oldestIdsBefore(cutoffMs: number, limit: number): Promise<string[]> {
  const rows = await storeRead<{ id: string }>(sql`
    SELECT "id" FROM "Transcript" WHERE "sortKey" < ${int(sortKeyRange(cutoffMs, cutoffMs).low)} ORDER BY "sortKey" LIMIT ${int(limit)}`);
  return rows.map((row) => row.id);
}
