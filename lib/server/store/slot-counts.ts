import "server-only";
import { int, join, sql, type Sql } from "./sql";
import { sortKeyRange } from "./sort-key";
import { rangeCoverage, SLOT_MS } from "@/lib/transcripts/time-buckets";

/**
 * The rows of (slot, count) that together count every transcript created in [startMs, endMs]: the
 * 15-minute rollup for whole slots, and a count of the raw rows in the two partly covered slots.
 */
export function slotCountsSql(startMs: number, endMs: number): Sql {
  const coverage = rangeCoverage(startMs, endMs, SLOT_MS);
  const parts: Sql[] = [];
  if (coverage.whole) {
    parts.push(
      sql`SELECT "slot", "count" FROM "TranscriptSlotCount" WHERE "slot" BETWEEN ${int(coverage.whole.first)} AND ${int(coverage.whole.last)}`,
    );
  }
  for (const piece of coverage.partial) {
    const { low, high } = sortKeyRange(piece.fromMs, piece.toMs);
    parts.push(
      sql`SELECT ${int(piece.bucket)} AS "slot", (SELECT count(*) FROM "Transcript" WHERE "sortKey" BETWEEN ${int(low)} AND ${int(high)}) AS "count"`,
    );
  }
  if (parts.length === 0) parts.push(sql`SELECT 0 AS "slot", 0 AS "count"`);
  return join(parts, " UNION ALL ");
}

/** The number (column "n") of transcripts created in [startMs, endMs], from the rollup: no scan of the range. */
export function countInRangeSql(startMs: number, endMs: number): Sql {
  return sql`SELECT COALESCE(SUM("count"), 0) AS "n" FROM (${slotCountsSql(startMs, endMs)}) AS "slots"`;
}
