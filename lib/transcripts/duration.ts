// A duration exists only when at least 2 text or request turns exist; it is the time
// between the first and last turn, in minutes and seconds ('3m 12s'); otherwise 'N/A'.
import { canonicalInstantMs } from "./instant";
import { isTurn } from "./turns";
import type { DialogEntry } from "./types";

export const DURATION_NOT_AVAILABLE = "N/A";

/**
 * Milliseconds from the first to the last turn, or null when there are fewer than two turns or
 * fewer than two of them carry a time. Turns are taken by time, so an out-of-order export still
 * yields first-to-last rather than a negative span.
 */
export function turnsDurationMs(dialog: readonly Pick<DialogEntry, "type" | "timestamp">[]): number | null {
  const turns = dialog.filter((entry) => isTurn(entry));
  if (turns.length < 2) return null;
  let first = Infinity;
  let last = -Infinity;
  let timed = 0;
  for (const turn of turns) {
    const time = turn.timestamp ? canonicalInstantMs(turn.timestamp) : NaN;
    if (!Number.isFinite(time)) continue;
    timed += 1;
    if (time < first) first = time;
    if (time > last) last = time;
  }
  return timed < 2 ? null : last - first;
}

/** '3m 12s' for 192,000 ms (whole seconds, minutes not folded into hours); 'N/A' for null. */
export function formatDuration(durationMs: number | null | undefined): string {
  if (durationMs === null || durationMs === undefined || !Number.isFinite(durationMs) || durationMs < 0) {
    return DURATION_NOT_AVAILABLE;
  }
  const totalSeconds = Math.floor(durationMs / 1000);
  return `${Math.floor(totalSeconds / 60)}m ${totalSeconds % 60}s`;
}
