// The browser's clock. Unset, it is the real one. E2E_BROWSER_DATE (an ISO instant, e.g.
// 2027-01-01T10:00:00Z) makes every browser's clock start at that instant when the run begins and
// run on from there, so a run can play on the first or the last day of a month; the seed's
// transcripts end at the same instant. A test takes "now" from browserNow(), never from new Date().
import { readServerState } from "./server-state";

/** How far the browser's clock runs ahead of the real one: 0 unless E2E_BROWSER_DATE is set. */
export function browserClockOffsetMs(setting: string | undefined, realNowMs: number): number {
  if (!setting?.trim()) return 0;
  const instant = Date.parse(setting);
  if (Number.isNaN(instant)) throw new Error(`E2E_BROWSER_DATE must be an ISO date and time, e.g. 2027-01-01T10:00:00Z; it is ${setting}`);
  return instant - realNowMs;
}

/** The browser's "now", in this process. */
export function browserNow(): Date {
  return new Date(Date.now() + readServerState().clockOffsetMs);
}
