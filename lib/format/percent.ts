// Progress shown while a long task runs (the transcript export's figure).

/** Whole percent of `done` out of `total`, within 0-100; `whenEmpty` when there is nothing to do. */
export function percentDone(done: number, total: number, whenEmpty = 100): number {
  if (!(total > 0)) return whenEmpty;
  return Math.max(0, Math.min(100, Math.round((done / total) * 100)));
}
