import "server-only";
import { db, Prisma } from "../db";
import { schedulerEnabled, syncIntervalMs, syncLookbackMs } from "./sync-settings";
import type { SyncDriver, SyncScheduleDto } from "@/lib/schemas/sources";

export type { SyncDriver };

/** Nothing drove the sync for this many intervals: the Sources page says so. */
const STALLED_INTERVALS = 2;

/**
 * Records that a way of driving the sync ran now (one row per way, so any instance's call counts):
 * the Sources page reads it to tell whether anything syncs.
 */
export async function recordSyncCall(driver: SyncDriver): Promise<void> {
  const now = new Date();
  await db.$executeRaw(
    Prisma.sql`INSERT INTO "SyncCall" ("driver", "at") VALUES (${driver}, ${now}) ON CONFLICT ("driver") DO UPDATE SET "at" = excluded."at"`,
  );
}

/**
 * Administrators: how the sync is driven. The answering server's scheduler, or the latest call of
 * any way (another instance's scheduler, the cron endpoint, npm run sync); `stalled` when this
 * server's scheduler is off and nothing called within two intervals.
 */
export async function getSyncSchedule(): Promise<SyncScheduleDto> {
  const latest = await db.syncCall.findFirst({ orderBy: { at: "desc" } });
  const scheduler = schedulerEnabled();
  const intervalMs = syncIntervalMs();
  return {
    scheduler,
    intervalMinutes: intervalMs / 60_000,
    lookbackDays: syncLookbackMs() / 86_400_000,
    lastCall: latest ? { driver: latest.driver as SyncDriver, at: latest.at.toISOString() } : null,
    stalled: !scheduler && (!latest || Date.now() - latest.at.getTime() > STALLED_INTERVALS * intervalMs),
  };
}

/**
 * When the source is next due (its last run started SYNC_INTERVAL_MINUTES before; a source never
 * run is due at once), and not before now; null while it runs or is paused.
 */
export function nextSyncAt(
  source: { paused: boolean; activeRunId: string | null },
  lastRunStartedAt: Date | null,
  nowMs: number,
): Date | null {
  if (source.paused || source.activeRunId) return null;
  const dueMs = lastRunStartedAt ? lastRunStartedAt.getTime() + syncIntervalMs() : nowMs;
  return new Date(Math.max(dueMs, nowMs));
}
