// How many values of each kind a redaction replaced: for a job's progress and the audit log, which
// never see the values themselves.
import { BUILT_IN_KINDS, type BuiltInKind } from "./placeholders";

export type RedactionCounts = Record<BuiltInKind, number> & {
  /** By custom pattern name (upper-case). */
  custom: Record<string, number>;
};

export function emptyCounts(): RedactionCounts {
  return { email: 0, phone: 0, card: 0, iban: 0, ip: 0, custom: {} };
}

/** Adds `from` into `into`. */
export function addCounts(into: RedactionCounts, from: RedactionCounts): void {
  for (const kind of BUILT_IN_KINDS) into[kind] += from[kind];
  for (const [name, count] of Object.entries(from.custom)) into.custom[name] = (into.custom[name] ?? 0) + count;
}

export function totalCount(counts: RedactionCounts): number {
  let total = 0;
  for (const kind of BUILT_IN_KINDS) total += counts[kind];
  for (const count of Object.values(counts.custom)) total += count;
  return total;
}
