// Review next: a pass through a filtered list, one transcript after another. The pass
// is the list's query (without page); the transcripts visited in it are kept in sessionStorage so
// that each is visited once per pass, and Previous steps back through them.
import { useQuery } from "@tanstack/react-query";
import type { ListedTranscript } from "@/lib/export/transcripts-export";
import type { TranscriptReviewFields } from "@/lib/schemas/transcripts";
import { fetchListPage, type TranscriptFilters } from "./transcripts";
import { parseFilters } from "@/lib/queries/dashboard-url";

/** The transcript page's parameter that carries the pass's list query. */
export const QUEUE_PARAMETER = "queue";

/** Rows read per call while looking for the next transcript. */
const QUEUE_PAGE_SIZE = 100;
/** Pages read at most while looking for the next transcript. */
const QUEUE_MAX_PAGES = 50;

const VISITED_PREFIX = "reviewPass:";

type QueueRow = ListedTranscript & Partial<TranscriptReviewFields>;

/** The list filters a pass's query names (its dates, search, session and filters). */
export function queueFilters(query: string): TranscriptFilters {
  const params = new URLSearchParams(query);
  return {
    startTime: params.get("startTime") ?? "",
    endTime: params.get("endTime") ?? "",
    search: params.get("search") ?? "",
    sessionId: params.get("sessionId") ?? "",
    ...parseFilters(params),
  };
}

/** The pass's query in a fixed form (page and page size left out). */
export function queueQuery(filters: TranscriptFilters): string {
  const query = new URLSearchParams({ startTime: filters.startTime, endTime: filters.endTime });
  if (filters.search) query.set("search", filters.search);
  if (filters.sessionId) query.set("sessionId", filters.sessionId);
  const { startTime: _s, endTime: _e, search: _q, sessionId: _i, ...rest } = filters;
  for (const [key, value] of Object.entries(rest)) {
    for (const one of Array.isArray(value) ? value : value ? [value] : []) query.append(key, String(one));
  }
  return query.toString();
}

export function queuePath(id: string, query: string): string {
  return `/transcript/${encodeURIComponent(id)}?${new URLSearchParams({ [QUEUE_PARAMETER]: query })}`;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The ids visited in the pass, in order. */
export function visitedInPass(query: string): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(VISITED_PREFIX + query) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Marks the transcript visited in the pass (once). */
export function markVisited(query: string, id: string): void {
  const visited = visitedInPass(query);
  if (!visited.includes(id)) storage()?.setItem(VISITED_PREFIX + query, JSON.stringify([...visited, id]));
}

/** Starts the pass anew: nothing visited, its size counted again. */
export function restartPass(query: string): void {
  storage()?.removeItem(VISITED_PREFIX + query);
  storage()?.removeItem(SIZE_PREFIX + query);
}

const SIZE_PREFIX = "reviewPassSize:";

/** The largest total the pass's list has had since the pass began, now `total` included. */
function passSize(query: string, total: number): number {
  const stored = Number(storage()?.getItem(SIZE_PREFIX + query));
  const size = Number.isSafeInteger(stored) && stored > total ? stored : total;
  storage()?.setItem(SIZE_PREFIX + query, String(size));
  return size;
}

/**
 * The next transcript of the pass: the first of the list, in its order, not visited yet and still
 * unreviewed; when every unvisited one is reviewed, the first unvisited. Null at the end of the pass.
 */
export async function nextInPass(query: string, visited: readonly string[]): Promise<string | null> {
  const filters = queueFilters(query);
  const seen = new Set(visited);
  let fallback: string | null = null;
  for (let page = 1; page <= QUEUE_MAX_PAGES; page += 1) {
    const result = await fetchListPage({ ...filters, page, limit: QUEUE_PAGE_SIZE });
    for (const row of result.transcripts as QueueRow[]) {
      if (seen.has(row.id)) continue;
      if (row.reviewStatus === undefined || row.reviewStatus === "unreviewed") return row.id;
      fallback ??= row.id;
    }
    if (page >= result.totalPages) break;
  }
  return fallback;
}

/**
 * "12 of 87 reviewed": the list's total, and how many of it are no longer unreviewed. A list of a
 * status still to deal with (unreviewed, needs attention) loses each transcript dealt with: its pass
 * counts from the size it had when it began, and those that left the status since as reviewed. A
 * list of the reviewed is reviewed whole.
 */
export async function passProgress(query: string): Promise<{ reviewed: number; total: number }> {
  const filters = queueFilters(query);
  const all = await fetchListPage({ ...filters, page: 1, limit: 1 });
  if (filters.status === "reviewed") return { total: all.total, reviewed: all.total };
  if (filters.status) {
    const size = passSize(query, all.total);
    return { total: size, reviewed: size - all.total };
  }
  const open = await fetchListPage({ ...filters, status: "unreviewed", page: 1, limit: 1 });
  return { total: all.total, reviewed: all.total - open.total };
}

export const passProgressKey = (query: string) => ["review-pass", query] as const;

export function usePassProgress(query: string | null) {
  return useQuery({
    queryKey: passProgressKey(query ?? ""),
    queryFn: () => passProgress(query ?? ""),
    enabled: query !== null,
  });
}
