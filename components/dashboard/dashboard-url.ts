// Issue 32: the dashboard's whole view in its address: the dates, search, session, every filter
// (the review's and the insights'), the page and the page size, under the list call's own
// parameter names, so that a link reproduces the list and a saved view is the same query string.
import { parsePageSize } from "@/lib/format/pagination";
import { REPEATED_FILTER_KEYS, SINGLE_FILTER_KEYS, filterParams, type ListFilters } from "@/lib/queries/transcripts";

export interface DashboardView {
  start: string;
  end: string;
  page: number;
  pageSize: number;
  search: string;
  sessionId: string;
  filters: ListFilters;
}

/** Parameters that make an address a dashboard view (a link without dates keeps the stored ones). */
const VIEW_KEYS = ["startTime", "endTime", "page", "limit", "search", "sessionId", ...SINGLE_FILTER_KEYS, ...REPEATED_FILTER_KEYS];

/** The filters an address names, each value trimmed; repeated ones keep their order, each value once. */
export function parseFilters(query: URLSearchParams): ListFilters {
  const filters: ListFilters = {};
  for (const key of SINGLE_FILTER_KEYS) {
    const value = query.get(key)?.trim();
    if (value) filters[key] = value;
  }
  for (const key of REPEATED_FILTER_KEYS) {
    const values = [
      ...new Set(
        query
          .getAll(key)
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ];
    if (values.length > 0) filters[key] = values;
  }
  return filters;
}

/**
 * The view an address carries, completed from `fallback` (the stored view) for what it leaves out;
 * null when it carries nothing of a view. Dates that do not parse, or end before they start, are
 * taken from the fallback.
 */
export function parseDashboardQuery(search: string, fallback: DashboardView): DashboardView | null {
  const query = new URLSearchParams(search);
  if (!VIEW_KEYS.some((key) => query.has(key))) return null;
  const start = Date.parse(query.get("startTime") ?? "");
  const end = Date.parse(query.get("endTime") ?? "");
  const datesValid = Number.isFinite(start) && Number.isFinite(end) && end >= start;
  const page = Number(query.get("page"));
  return {
    start: datesValid ? new Date(start).toISOString() : fallback.start,
    end: datesValid ? new Date(end).toISOString() : fallback.end,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: query.has("limit") ? parsePageSize(Number(query.get("limit"))) : fallback.pageSize,
    search: query.get("search") ?? "",
    sessionId: query.get("sessionId") ?? "",
    filters: parseFilters(query),
  };
}

/** The view as a query string (no leading "?"), in a fixed order so that equal views read equal. */
export function dashboardQuery(view: DashboardView, { withPage = true }: { withPage?: boolean } = {}): string {
  const query = new URLSearchParams({ startTime: view.start, endTime: view.end });
  if (view.search.trim()) query.set("search", view.search.trim());
  if (view.sessionId.trim()) query.set("sessionId", view.sessionId.trim());
  for (const [key, value] of Object.entries(filterParams(view.filters))) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  }
  if (withPage) {
    query.set("page", String(view.page));
    query.set("limit", String(view.pageSize));
  }
  return query.toString();
}

/** Whether any filter beyond dates, search and session is set. */
export function hasListFilters(filters: ListFilters): boolean {
  return Object.keys(filterParams(filters)).length > 0;
}
