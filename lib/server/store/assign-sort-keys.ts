import "server-only";
import type { WriteTransaction } from "./database";
import { join, sql, toNumber } from "./sql";
import { nextSortKey, preferredSortKey, SORT_KEY_SPREAD, sortKeyRange } from "./sort-key";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

/** Keys per lookup: far below both databases' limits on bound values. */
const KEYS_PER_LOOKUP = 500;

/**
 * A transcript keeps its sort key while its createdAt is unchanged; otherwise it takes the first
 * free key of its millisecond, starting from one derived from its id. A millisecond holds
 * SORT_KEY_SPREAD keys: a transcript that finds them all taken (a platform that gives thousands of
 * transcripts one creation time) takes a free key of the next millisecond, and is stored with that
 * millisecond as its createdAt, so that its key and its createdAt agree for every range and rollup.
 */
export async function assignSortKeys(
  tx: WriteTransaction,
  batch: StorableTranscript[],
  existing: Map<string, { sortKey: number; facts: { createdAtMs: number } }>,
): Promise<Map<string, number>> {
  const keys = new Map<string, number>();
  const claimed = new Set<number>();
  const isFreeFor = (id: string, owners: Map<number, string>) => (key: number) => {
    const owner = owners.get(key);
    return (owner === undefined || owner === id) && !claimed.has(key);
  };
  const pending: { id: string; ms: number }[] = [];
  for (const transcript of batch) {
    const previous = existing.get(transcript.id);
    if (previous && previous.facts.createdAtMs === transcript.createdAt.getTime()) {
      keys.set(transcript.id, previous.sortKey);
      claimed.add(previous.sortKey);
    } else {
      pending.push({ id: transcript.id, ms: transcript.createdAt.getTime() });
    }
  }
  // Nearly every preferred key is free: one lookup of them all.
  const preferredOwners = await ownersOfKeys(
    tx,
    pending.map((candidate) => preferredSortKey(candidate.ms, candidate.id)),
  );
  let crowded: typeof pending = [];
  for (const candidate of pending) {
    const key = preferredSortKey(candidate.ms, candidate.id);
    if (isFreeFor(candidate.id, preferredOwners)(key)) {
      keys.set(candidate.id, key);
      claimed.add(key);
    } else crowded.push(candidate);
  }
  // The others read every taken key of their millisecond, earliest millisecond first.
  while (crowded.length > 0) {
    const ms = crowded.reduce((least, candidate) => Math.min(least, candidate.ms), Infinity);
    const { low, high } = sortKeyRange(ms, ms);
    const owners = await ownersOfKeyRange(tx, low, high);
    const later: typeof pending = [];
    for (const candidate of crowded) {
      if (candidate.ms !== ms) {
        later.push(candidate);
        continue;
      }
      const key = firstKeyOfMillisecond(preferredSortKey(ms, candidate.id), isFreeFor(candidate.id, owners));
      if (key === null) later.push({ id: candidate.id, ms: ms + 1 });
      else {
        keys.set(candidate.id, key);
        claimed.add(key);
      }
    }
    crowded = later;
  }
  return keys;
}

/** The first key of `start`'s millisecond, from `start` on and wrapping around, that `isFree`; null when none is. */
function firstKeyOfMillisecond(start: number, isFree: (key: number) => boolean): number | null {
  for (let key = start, tries = 0; tries < SORT_KEY_SPREAD; key = nextSortKey(key), tries++) if (isFree(key)) return key;
  return null;
}

async function ownersOfKeys(tx: WriteTransaction, keys: number[]): Promise<Map<number, string>> {
  const owners = new Map<number, string>();
  for (let start = 0; start < keys.length; start += KEYS_PER_LOOKUP) {
    const rows = await tx.query<{ id: string; sortKey: unknown }>(sql`
      SELECT "id", "sortKey" FROM "Transcript" WHERE "sortKey" IN (${join(keys.slice(start, start + KEYS_PER_LOOKUP).map((key) => BigInt(key)))})`);
    for (const row of rows) owners.set(toNumber(row.sortKey), row.id);
  }
  return owners;
}

async function ownersOfKeyRange(tx: WriteTransaction, low: number, high: number): Promise<Map<number, string>> {
  const rows = await tx.query<{ id: string; sortKey: unknown }>(sql`
    SELECT "id", "sortKey" FROM "Transcript" WHERE "sortKey" BETWEEN ${BigInt(low)} AND ${BigInt(high)}`);
  return new Map(rows.map((row) => [toNumber(row.sortKey), row.id]));
}
