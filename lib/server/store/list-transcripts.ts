import "server-only";
import { activeDatabase, storeRead } from "./active-database";
import type { PreparedSearch, ReadOptions, SearchFilter, TimeRange } from "./database";
import { countInRange } from "./count-in-range";
import { countMatchesNow, searchMatchesOverTime } from "./search-count-cache";
import { sql, toNumber, type Sql } from "./sql";
import { LIST_COLUMNS, toListItem, type ListRow } from "./transcript-row";
import { snippetsOf, VERSION_COLUMNS, type VersionedRow } from "./search-snippets";
import { narrowWalk, type MatchesInStretch } from "./matches-over-time";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import { filterTerms, type FilterViewer } from "./filter-terms";
import { filteredMatches, keyIn } from "./filtered-keys";
import { LISTED_ANNOTATION_COLUMNS, LISTED_ANNOTATION_JOINS, listedAnnotationsOf, type ListedAnnotationRow } from "./review-columns";
import type { ListTranscriptsQuery, ReviewedListItem, TranscriptListItem, TranscriptListResponse } from "@/lib/schemas/transcripts";

/**
 * One page of the transcripts created in [startTime, endTime], newest first, optionally only those
 * whose turns contain `search` (case-insensitive), of one session, and passing the review filters
 * (filter-terms.ts; "me" is `viewer`). Each row carries its review fields. Signed-in users.
 */
export async function listTranscripts(
  query: ListTranscriptsQuery,
  viewer: FilterViewer | null = null,
): Promise<TranscriptListResponse<ReviewedListItem>> {
  const filter: SearchFilter = { search: normalizeSearchQuery(query.search), sessionId: query.sessionId };
  const range: TimeRange = { startMs: query.startTime.getTime(), endMs: query.endTime.getTime() };
  const search = await activeDatabase().prepareSearch(filter, storeRead);
  const offset = (query.page - 1) * query.limit;
  const terms = filterTerms(query, viewer);
  let total: number;
  let rows: ListedRow[];
  if (terms.length > 0) {
    const matches = await filteredMatches(filter, search, range, terms);
    total = matches.total;
    const keys = offset < total ? await matches.page({ offset, limit: query.limit }) : [];
    rows = keys.length > 0 ? await rowsOfKeys(filter, keys) : [];
  } else {
    const counted = await countTranscripts(filter, search, range);
    total = counted.total;
    rows =
      offset < total
        ? await pageOfTranscripts(filter, search, range, { offset, limit: query.limit, total, stretches: counted.stretches })
        : [];
  }
  const items = rows.map(toListItem);
  const listed = filter.search === null ? items : await withSnippets(items, rows, filter.search);
  const annotations = await listedAnnotationsOf(rows);
  return {
    transcripts: listed.map((item, index) => ({ ...item, ...annotations.get(toNumber(rows[index].sortKey))! })),
    total,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** A listed row: the transcript's, its annotations', and for a search its version (for its snippet). */
type ListedRow = ListRow & ListedAnnotationRow & Partial<VersionedRow>;

/** The listed rows of the transcripts whose keys `inKeys` selects (a condition on t."sortKey"), newest first. */
function listedRows(filter: SearchFilter, inKeys: Sql, options: ReadOptions = {}): Promise<ListedRow[]> {
  const version = filter.search === null ? sql`` : sql`, ${VERSION_COLUMNS}`;
  return storeRead<ListedRow>(
    sql`SELECT ${LIST_COLUMNS}, ${LISTED_ANNOTATION_COLUMNS}${version} FROM "Transcript" t ${LISTED_ANNOTATION_JOINS}
      WHERE ${inKeys} ORDER BY t."sortKey" DESC`,
    options,
  );
}

/** The listed rows of the keys, newest first. */
function rowsOfKeys(filter: SearchFilter, keys: number[]): Promise<ListedRow[]> {
  return listedRows(filter, keyIn(sql`t."sortKey"`, keys));
}

/** A search's rows show where each transcript holds it. */
async function withSnippets(items: TranscriptListItem[], rows: ListedRow[], search: string): Promise<TranscriptListItem[]> {
  const snippets = await snippetsOf(
    rows.map((row) => ({ id: row.id, sessionId: row.sessionId, receivedAt: row.receivedAt, sourceBytes: row.sourceBytes })),
    search,
  );
  return items.map((item) => {
    const snippet = snippets.get(item.id);
    return snippet ? { ...item, searchSnippet: snippet } : item;
  });
}

/** The total, and for a search of the range where in it the matches lie. */
async function countTranscripts(
  filter: SearchFilter,
  search: PreparedSearch,
  range: TimeRange,
): Promise<{ total: number; stretches: MatchesInStretch[] }> {
  if (filter.sessionId !== null) return { total: await countMatchesNow(search, range), stretches: [] };
  if (filter.search === null) return { total: await countInRange(range.startMs, range.endMs), stretches: [] };
  const stretches = await searchMatchesOverTime(filter.search, search, range);
  return { total: stretches.reduce((sum, stretch) => sum + stretch.count, 0), stretches };
}

/**
 * Rows [offset, offset + limit) of the newest-first order. Past the middle the keys are walked from
 * the oldest end instead, so no page walks more than half the range, and a search's walk starts in
 * the day or hour holding the page's first row (from the counts of its total); only keys are
 * walked (an index-only scan), and the page's rows are then read by key.
 */
async function pageOfTranscripts(
  filter: SearchFilter,
  search: PreparedSearch,
  range: TimeRange,
  page: { offset: number; limit: number; total: number; stretches: MatchesInStretch[] },
): Promise<ListedRow[]> {
  const { offset, limit, total } = page;
  const fromOldest = offset > total / 2;
  const take = fromOldest ? Math.min(limit, total - offset) : limit;
  const walk = narrowWalk(range, page.stretches, fromOldest ? Math.max(0, total - offset - limit) : offset, fromOldest);
  const scan = await search.pageScan(range, walk.skip + take, total);
  const keys = search.matchingKeysSql(
    { startMs: walk.startMs, endMs: walk.endMs },
    { descending: !fromOldest, limit: take, offset: walk.skip, scan },
  );
  return listedRows(filter, sql`t."sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page")`, { scansTexts: search.scansEveryText });
}
