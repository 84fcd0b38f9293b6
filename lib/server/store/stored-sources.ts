import "server-only";
import { storeKeyRead } from "./active-database";
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
 * A range of the unique key's index cut at `limit`, bounded by it, so it runs without the read budget
 * (storeKeyRead), as a job's batch needs none.
 */
export async function readSourcesAfter(afterKey: number, limit: number): Promise<StoredSource[]> {
  const rows = await storeKeyRead<{ sortKey: unknown; id: string; sessionId: string; source: string }>(sql`
    SELECT "sortKey", "id", "sessionId", "source" FROM "Transcript" WHERE "sortKey" > ${int(afterKey)} ORDER BY "sortKey" LIMIT ${int(limit)}`);
  return rows.map((row) => ({ sortKey: toNumber(row.sortKey), id: row.id, sessionId: row.sessionId, source: row.source }));
}
