// The dashboard's whole view in its address: the dates, search, session, every filter
// (the review's and the insights'), the page and the page size, under the list call's own
// parameter names, so that a link reproduces the list and a saved view is the same query string.
// A quick range travels as itself (range=7d), so that the view shows the last N days whenever it
// is opened; dates picked in the calendars travel as startTime and endTime.
import { lastDaysRange } from "@/lib/format/date-range";
import { parsePageSize } from "@/lib/format/pagination";
import { REPEATED_FILTER_KEYS, SINGLE_FILTER_KEYS, filterParams, type ListFilters } from "@/lib/queries/transcripts";
import { parseRelativeRange, relativeRangeDays, type RelativeRange } from "@/lib/schemas/transcripts";

export interface DashboardView {
  /** The dates shown; for a relative range, the last N days up to when the view was read. */
  start: string;
  end: string;
  relativeRange: RelativeRange | null;
  page: number;
  pageSize: number;
  search: string;
  sessionId: string;
  filters: ListFilters;
}

/** Parameters that make an address a dashboard view (a link without dates keeps the stored ones). */
const VIEW_KEYS = ["range", "startTime", "endTime", "page", "limit", "search", "sessionId", ...SINGLE_FILTER_KEYS, ...REPEATED_FILTER_KEYS];

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
 * null when it carries nothing of a view. A relative range gives the last N days up to `now`;
 * dates that do not parse, or end before they start, are taken from the fallback.
 */
export function parseDashboardQuery(search: string, fallback: DashboardView, now: Date = new Date()): DashboardView | null {
  const query = new URLSearchParams(search);
  if (!VIEW_KEYS.some((key) => query.has(key))) return null;
  const relativeRange = parseRelativeRange(query.get("range"));
  const start = Date.parse(query.get("startTime") ?? "");
  const end = Date.parse(query.get("endTime") ?? "");
  const datesValid = Number.isFinite(start) && Number.isFinite(end) && end >= start;
  const dates = relativeRange
    ? relativeDates(relativeRange, now)
    : datesValid
      ? { start: new Date(start).toISOString(), end: new Date(end).toISOString(), relativeRange: null }
      : { start: fallback.start, end: fallback.end, relativeRange: fallback.relativeRange };
  const page = Number(query.get("page"));
  return {
    ...dates,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: query.has("limit") ? parsePageSize(Number(query.get("limit"))) : fallback.pageSize,
    search: query.get("search") ?? "",
    sessionId: query.get("sessionId") ?? "",
    filters: parseFilters(query),
  };
}

/** The view as a query string (no leading "?"), in a fixed order so that equal views read equal. */
export function dashboardQuery(view: DashboardView, { withPage = true }: { withPage?: boolean } = {}): string {
  const query = new URLSearchParams(view.relativeRange ? { range: view.relativeRange } : { startTime: view.start, endTime: view.end });
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

/** The dates of a relative range read at `now`: the last N days up to it. */
export function relativeDates(range: RelativeRange, now: Date = new Date()): Pick<DashboardView, "start" | "end" | "relativeRange"> {
  const dates = lastDaysRange(relativeRangeDays(range), now);
  return { start: dates.start.toISOString(), end: dates.end.toISOString(), relativeRange: range };
}
