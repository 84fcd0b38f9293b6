import "server-only";
import { storeRead } from "./active-database";
import { int, sql, toNumber } from "./sql";

/** A stored transcript's identity and the record it was stored from, as JSON text. */
export interface StoredSource {
  sortKey: number;
  id: string;
  sessionId: string;
  source: string;
}

/**
 * The stored records of the (up to `limit`) transcripts after the sort key `afterKey`, in sort key
 * order: the batches of the jobs that go over every stored transcript (signal recompute, redaction).
 */
export async function readSourcesAfter(afterKey: number, limit: number): Promise<StoredSource[]> {
  const rows = await storeRead<{ sortKey: unknown; id: string; sessionId: string; source: string }>(sql`
    SELECT "sortKey", "id", "sessionId", "source" FROM "Transcript" WHERE "sortKey" > ${int(afterKey)} ORDER BY "sortKey" LIMIT ${int(limit)}`);
  return rows.map((row) => ({ sortKey: toNumber(row.sortKey), id: row.id, sessionId: row.sessionId, source: row.source }));
}
