// The signals of one transcript as its page shows them: each with the turn that shows it (its
// index among the shown text and request turns, as ratings' messageIndex counts; for a trace, the
// last turn before it; null when no turn comes before) and the reason derive-signals.ts found.
import type { SignalExplanation } from "@/lib/schemas/insights";
import { isTurn } from "@/lib/transcripts/turns";
import type { DialogEntry } from "@/lib/transcripts/types";
import { findSignals } from "./derive-signals";
import type { SignalRules } from "./signal-rules";

export function explainSignals(dialog: readonly DialogEntry[], rules: SignalRules): SignalExplanation[] {
  const { findings } = findSignals(dialog, rules);
  if (findings.length === 0) return [];
  /** For each entry, the index of the shown turn at or before it (-1: none). */
  const turnAt: number[] = [];
  let turns = 0;
  for (const entry of dialog) {
    if (isTurn(entry)) turns += 1;
    turnAt.push(turns - 1);
  }
  return findings.map(({ kind, entryIndex, reason }) => ({
    kind,
    messageIndex: turnAt[entryIndex] >= 0 ? turnAt[entryIndex] : null,
    reason,
  }));
}
