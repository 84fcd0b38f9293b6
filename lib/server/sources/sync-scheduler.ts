import "server-only";
import { runScheduledSyncs } from "./start-sync";
import { syncIntervalMs } from "./sync-settings";

// The server's own sync scheduler (`npm start`, `npm run demo`; instrumentation.ts starts it once
// per process): a timer whose tick does exactly what a call of the cron endpoint does, through the
// database (the due sources' runs, their leases, the run budget), so that several instances each
// ticking run every due source once. A tick never overlaps the previous one: the next is set when
// it ends. A failing tick (the database down) is logged once and tried again at the next.

/** How often due sources are looked for: every minute, or every interval when SYNC_INTERVAL_MINUTES is shorter. */
const tickMs = () => Math.min(60_000, syncIntervalMs());
/** The first tick, once the server has started. */
const FIRST_TICK_MS = 5_000;
/** How long a shutdown waits for the tick under way; an abandoned step is resumed from its cursor once its lease expires. */
const STOP_GRACE_MS = 5_000;

export interface SyncScheduler {
  /** Starts no further tick; resolves when the tick under way has ended (or after a short grace). */
  stop(): Promise<void>;
}

/** Where scripts/start.mjs finds the scheduler to stop it on SIGTERM (the app's modules are bundled apart from it). */
export const SCHEDULER_GLOBAL = Symbol.for("transcript-portal.sync-scheduler");

export function startSyncScheduler(): SyncScheduler {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let failing = false;

  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => (current = tick()), delayMs);
    timer.unref();
  };
  const tick = async () => {
    let workLeft = false;
    try {
      ({ workLeft } = await runScheduledSyncs({ driver: "scheduler", signal: stopping.signal }));
      if (failing) console.log("Sync scheduler: working again");
      failing = false;
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).split("\n")[0];
      if (!failing) console.error(`Sync scheduler: a tick failed, trying again at every tick (${reason})`);
      failing = true;
    }
    // Runs cut short by the budget go on at once; otherwise the next look for due sources is a tick away.
    schedule(workLeft ? 0 : tickMs());
  };

  schedule(Math.min(FIRST_TICK_MS, tickMs()));
  const scheduler: SyncScheduler = {
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await Promise.race([current, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    },
  };
  (globalThis as Record<symbol, unknown>)[SCHEDULER_GLOBAL] = scheduler;
  return scheduler;
}
