import "server-only";
import { isFlagOn } from "@/lib/demo-mode.mjs";

// The sync's tunables, from the environment (README, configuration table).

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A source is due for a scheduled run when its last run started longer ago than this (SYNC_INTERVAL_MINUTES, default 15). */
export const syncIntervalMs = () => positiveNumber("SYNC_INTERVAL_MINUTES", 15) * 60_000;

/**
 * Each run lists again the transcripts created this far back (SYNC_LOOKBACK_DAYS, default 7), and
 * fetches those whose updatedAt moved: a web-chat conversation goes on for days after it is created.
 */
export const syncLookbackMs = () => positiveNumber("SYNC_LOOKBACK_DAYS", 7) * 86_400_000;

/** Transcripts fetched at once from the platform (SOURCES_FETCH_CONCURRENCY, default 4: polite to the platform). */
export const fetchConcurrency = () => Math.min(64, Math.floor(positiveNumber("SOURCES_FETCH_CONCURRENCY", 4)));

/** One request's time limit, from connecting to the last byte (SOURCES_REQUEST_TIMEOUT_SECONDS, default 30). */
export const requestTimeoutMs = () => positiveNumber("SOURCES_REQUEST_TIMEOUT_SECONDS", 30) * 1000;

/**
 * Whether this server runs the sync scheduler (sync-scheduler.ts): started by scripts/start.mjs
 * (`npm start`, `npm run demo`), which names its listening address in PORTAL_LISTEN_HOST, and
 * SYNC_SCHEDULER not "off" (hosts whose own scheduler calls the cron endpoint).
 */
export function schedulerEnabled(): boolean {
  const setting = process.env.SYNC_SCHEDULER?.trim() ?? "";
  return process.env.PORTAL_LISTEN_HOST !== undefined && (setting === "" || isFlagOn(setting));
}
