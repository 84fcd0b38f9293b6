import "server-only";
import type { WriteTransaction } from "./database";
import { int, join, sql, toNumber } from "./sql";
import type { RollupDeltas, RollupFacts } from "./rollup-deltas";
import { createdAtMsOfSortKey } from "./sort-key";

/** The columns of a stored transcript that its rollup buckets follow from (with its id). */
export const ROLLUP_COLUMNS = sql`"id", "sortKey", "device", "os", "browser", "messageCount"`;
export interface RollupRow {
  id: string;
  sortKey: unknown;
  device: string | null;
  os: string | null;
  browser: string | null;
  messageCount: unknown;
}

export function rollupFactsOf(row: RollupRow): RollupFacts {
  const sortKey = toNumber(row.sortKey);
  return {
    createdAtMs: createdAtMsOfSortKey(sortKey),
    device: row.device,
    os: row.os,
    browser: row.browser,
    messageCount: toNumber(row.messageCount),
  };
}

/** Adds the deltas to the rollups and drops the buckets they empty; within the transaction that moved the transcripts. */
export async function applyRollupDeltas(tx: WriteTransaction, deltas: RollupDeltas): Promise<void> {
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
