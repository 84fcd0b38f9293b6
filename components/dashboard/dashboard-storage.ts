// The fetched flag lives in sessionStorage, so it survives reloads within the
// browser session. The dashboard's filters are kept beside it, so that coming back from a
// transcript shows the same page of the same list.
import { parsePageSize } from "@/lib/format/pagination";
import type { ListFilters } from "@/lib/queries/transcripts";
import { parseRelativeRange, type RelativeRange } from "@/lib/schemas/transcripts";
import { parseFilters } from "@/lib/queries/dashboard-url";

export const FETCHED_KEY = "transcriptsFetched";
export const DASHBOARD_STATE_KEY = "transcriptDashboard";

export interface StoredDashboardState {
  start: string;
  end: string;
  /** A quick range kept as such: read back, it gives the last N days up to then. */
  relativeRange?: RelativeRange | null;
  page: number;
  pageSize: number;
  search: string;
  sessionId: string;
  /** The list's further filters, as query parameters. */
  filters?: ListFilters;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFetchedFlag(): boolean {
  return storage()?.getItem(FETCHED_KEY) === "true";
}

export function storeFetchedFlag(): void {
  storage()?.setItem(FETCHED_KEY, "true");
}

export function readDashboardState(): StoredDashboardState | null {
  const raw = storage()?.getItem(DASHBOARD_STATE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredDashboardState>;
    const start = typeof value.start === "string" ? Date.parse(value.start) : NaN;
    const end = typeof value.end === "string" ? Date.parse(value.end) : NaN;
    const relativeRange = parseRelativeRange(typeof value.relativeRange === "string" ? value.relativeRange : null);
    if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
    return {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      ...(relativeRange ? { relativeRange } : {}),
      page: Number.isInteger(value.page) && (value.page as number) > 0 ? (value.page as number) : 1,
      pageSize: parsePageSize(value.pageSize),
      search: typeof value.search === "string" ? value.search : "",
      sessionId: typeof value.sessionId === "string" ? value.sessionId : "",
      filters: storedFilters(value.filters),
    };
  } catch {
    return null;
  }
}

export function storeDashboardState(state: StoredDashboardState): void {
  storage()?.setItem(DASHBOARD_STATE_KEY, JSON.stringify(state));
}

/** Stored filters read back through the address parser, so that only known, well-formed ones return. */
function storedFilters(value: unknown): ListFilters {
  if (!value || typeof value !== "object") return {};
  const query = new URLSearchParams();
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    for (const one of Array.isArray(raw) ? raw : [raw]) if (typeof one === "string") query.append(key, one);
  }
  return parseFilters(query);
}
