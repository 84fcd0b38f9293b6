// Which received transcripts may be stored, at every way in: none erased on request,
// whatever sends it again, and none created before the retention limit in force, which the daily
// retention job would delete at its next run.
import { DAY_MS } from "@/lib/transcripts/time-buckets";

/** Transcripts created before this instant (epoch ms) are past a retention of `retentionDays` days. */
export function retentionCutoffMs(retentionDays: number, nowMs: number): number {
  return nowMs - retentionDays * DAY_MS;
}

export type SkipReason = "erased" | "past retention";

export interface AdmissionRules {
  /** Ids erased on request (of those received, at least). */
  erasedIds: ReadonlySet<string>;
  /** retentionCutoffMs of the settings in force; null when retention is off. */
  cutoffMs: number | null;
}

/** Why a received transcript is not stored, or null when it may be. */
export function skipReason(transcript: { id: string; createdAt: Date }, rules: AdmissionRules): SkipReason | null {
  if (rules.erasedIds.has(transcript.id)) return "erased";
  if (rules.cutoffMs !== null && transcript.createdAt.getTime() < rules.cutoffMs) return "past retention";
  return null;
}

/** The positions of the transcripts that may be stored and of those skipped, each in order. */
export function partitionAdmitted(
  transcripts: readonly { id: string; createdAt: Date }[],
  rules: AdmissionRules,
): { admitted: number[]; skipped: number[] } {
  const admitted: number[] = [];
  const skipped: number[] = [];
  transcripts.forEach((transcript, position) => (skipReason(transcript, rules) === null ? admitted : skipped).push(position));
  return { admitted, skipped };
}
