// How storing transcripts changes the analytics rollups (prisma/schema.prisma): +1 in the buckets
// of each stored version, -1 in those of the version it replaces or deletes. Changes that cancel out (a
// re-sent transcript with the same time and device) leave nothing to write.
import { hourOf, slotOf } from "@/lib/transcripts/time-buckets";

export const ROLLUP_DIMENSIONS = ["device", "os", "browser"] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];
/**
 * The conversation length (messageCount) is rolled up as one more dimension, its value the count
 * as text, capped: MESSAGE_COUNT_CAP stands for that many messages or more.
 */
export const LENGTH_DIMENSION = "messages";
export const MESSAGE_COUNT_CAP = 51;
export type RolledUpDimension = RollupDimension | typeof LENGTH_DIMENSION;

export interface RollupFacts {
  createdAtMs: number;
  device: string | null;
  os: string | null;
  browser: string | null;
  messageCount: number;
}

export interface RollupDeltas {
  slots: { slot: number; delta: number }[];
  attributes: { dimension: RolledUpDimension; hour: number; value: string; delta: number }[];
}

export function rollupDeltas(changes: { before: RollupFacts | null; after: RollupFacts | null }[]): RollupDeltas {
  const slots = new Map<number, number>();
  const attributes = new Map<string, number>();
  const add = (facts: RollupFacts, sign: number) => {
    const slot = slotOf(facts.createdAtMs);
    slots.set(slot, (slots.get(slot) ?? 0) + sign);
    const hour = hourOf(facts.createdAtMs);
    for (const dimension of ROLLUP_DIMENSIONS) {
      const key = `${dimension}\u0000${hour}\u0000${facts[dimension] ?? ""}`;
      attributes.set(key, (attributes.get(key) ?? 0) + sign);
    }
    const lengthKey = `${LENGTH_DIMENSION}\u0000${hour}\u0000${Math.min(facts.messageCount, MESSAGE_COUNT_CAP)}`;
    attributes.set(lengthKey, (attributes.get(lengthKey) ?? 0) + sign);
  };
  for (const { before, after } of changes) {
    if (before) add(before, -1);
    if (after) add(after, 1);
  }
  return {
    slots: [...slots]
      .filter(([, delta]) => delta !== 0)
      .map(([slot, delta]) => ({ slot, delta }))
      .sort((a, b) => a.slot - b.slot),
    attributes: [...attributes]
      .filter(([, delta]) => delta !== 0)
      .map(([key, delta]) => {
        const [dimension, hour, value] = key.split("\u0000");
        return { dimension: dimension as RolledUpDimension, hour: Number(hour), value, delta };
      })
      // A fixed order keeps concurrent writers from locking rollup rows in opposite orders.
      .sort((a, b) => a.dimension.localeCompare(b.dimension) || a.hour - b.hour || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
  };
}
