import "server-only";
import { randomInt } from "node:crypto";
import type { WriteTransaction } from "./database";
import { int, join, sql, toNumber } from "./sql";
import type { RollupDeltas, RollupFacts } from "./rollup-deltas";
import { createdAtMsOfSortKey } from "./sort-key";
import { DAY_MS, HOUR_MS, SLOT_MS } from "@/lib/transcripts/time-buckets";

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

/**
 * Adds the deltas to the rollups and drops the buckets they empty; within the transaction that moved
 * the transcripts. The days whose rollups move get a new text version (TranscriptDayVersion), so that
 * values kept per day (day-cache.ts) follow a transcript whose device, OS or browser changed alone.
 */
export async function applyRollupDeltas(tx: WriteTransaction, deltas: RollupDeltas): Promise<void> {
  const days = new Set([
    ...deltas.slots.map((d) => Math.floor((d.slot * SLOT_MS) / DAY_MS)),
    ...deltas.attributes.map((d) => Math.floor((d.hour * HOUR_MS) / DAY_MS)),
  ]);
  if (days.size > 0) {
    const versions = [...days].sort((a, b) => a - b).map((day) => sql`(${int(day)}, ${int(randomInt(2 ** 48 - 1))})`);
    await tx.execute(sql`
      INSERT INTO "TranscriptDayVersion" ("day", "version") VALUES ${join(versions)}
      ON CONFLICT ("day") DO UPDATE SET "version" = excluded."version"`);
  }
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
