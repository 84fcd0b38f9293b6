import "server-only";
import { databaseName, storeRead } from "./active-database";
import { int, join, sql, toNumber, type Sql } from "./sql";
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
      WHERE "sortKey" > ${int(afterKey)} AND "sortKey" <= ${int(lastKey)} AND (${passes(prefilter)})
      ORDER BY "sortKey"`,
    { scansTexts: true },
  );
  return {
    candidates: rows.map((row) => ({ sortKey: toNumber(row.sortKey), id: row.id, sessionId: row.sessionId, source: row.source })),
    lastKey,
  };
}

/**
 * The prefilter as SQL on "source". SQLite: the readers' passes_prefilter() (sqlite/readers.ts).
 * PostgreSQL: lower() under the C collation folds ASCII letters only; the digits are a regular
 * expression, with the alternatives in the same one (each test of the source decompresses it again).
 */
function passes(prefilter: ErasurePrefilter): Sql {
  if (databaseName() === "sqlite") return sql`passes_prefilter("source", ${JSON.stringify(prefilter)}) = 1`;
  if (prefilter.kind === "text") {
    const orHolds = prefilter.orHolds.map((text) => sql`strpos("source", ${text}) > 0`);
    return join([sql`strpos(lower("source" COLLATE "C"), ${prefilter.text}) > 0`, ...orHolds], " OR ");
  }
  return sql`"source" COLLATE "C" ~ ${[digitsPattern(prefilter.digits, prefilter.joiners), ...prefilter.orHolds.map(escapeRegex)].join("|")}`;
}

/** A text as a POSIX regular expression (advanced) matching it literally. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A POSIX regular expression: the digits in order, any run of the joiners between two of them. */
function digitsPattern(digits: string, joiners: string): string {
  if (!/^\d+$/.test(digits)) throw new Error("Not digits");
  const joinerClass = `[${[...joiners].map((character) => (/[\]\\^-]/.test(character) ? `\\${character}` : character)).join("")}]*`;
  return [...digits].join(joinerClass);
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
