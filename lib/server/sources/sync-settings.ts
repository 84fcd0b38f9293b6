import "server-only";

// The sync's tunables, from the environment (README, configuration table).

function positiveNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A source is due for a scheduled run when its last run started longer ago than this (SYNC_INTERVAL_MINUTES, default 15). */
export const syncIntervalMs = () => positiveNumber("SYNC_INTERVAL_MINUTES", 15) * 60_000;

/** Each run reads again this far before the end of the last successful window (SYNC_OVERLAP_MINUTES, default 60), to catch transcripts updated since. */
export const syncOverlapMs = () => positiveNumber("SYNC_OVERLAP_MINUTES", 60) * 60_000;

/** Transcripts fetched at once from the platform (SOURCES_FETCH_CONCURRENCY, default 4: polite to the platform). */
export const fetchConcurrency = () => Math.min(64, Math.floor(positiveNumber("SOURCES_FETCH_CONCURRENCY", 4)));

/** One request's time limit, from connecting to the last byte (SOURCES_REQUEST_TIMEOUT_SECONDS, default 30). */
export const requestTimeoutMs = () => positiveNumber("SOURCES_REQUEST_TIMEOUT_SECONDS", 30) * 1000;
