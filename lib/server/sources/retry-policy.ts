// When to try a request to the platform again, and after how long: pure, so that it is table-tested.

export const RETRY_BASE_MS = 500;
export const RETRY_CAP_MS = 30_000;
export const MAX_ATTEMPTS = 6;

/** Seconds or an HTTP date, as Retry-After carries it; null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** Exponential backoff with full jitter, capped: attempt 1 waits up to base, attempt 2 up to 2 x base... */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * What to do after an attempt: answers with 429 or 5xx, and failures to connect or to answer in
 * time, are tried again (429 after the platform's Retry-After, capped); anything else is final.
 */
export function retryDelayMs(
  outcome: { status?: number; retryAfter?: string | null; networkError?: boolean },
  attempt: number,
  nowMs: number,
): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  if (outcome.networkError) return backoffMs(attempt);
  if (outcome.status === 429) return Math.min(RETRY_CAP_MS, retryAfterMs(outcome.retryAfter ?? null, nowMs) ?? backoffMs(attempt));
  if (outcome.status !== undefined && outcome.status >= 500) return backoffMs(attempt);
  return null;
}
