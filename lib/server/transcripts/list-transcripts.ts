import "server-only";
import { isPostgres } from "../db";
import { storeQuery } from "./store-connection";
import { countInRange } from "./count-in-range";
import { countMatchesNow, searchMatchesOverTime } from "./search-count-cache";
import { matchingKeysSql, scansEveryText, type TextScan, type TranscriptFilter } from "./search-sql";
import { matchWords } from "./word-index";
import { sql } from "./sql";
import { LIST_COLUMNS, toListItem, type ListRow } from "./transcript-row";
import { snippetsOf, VERSION_COLUMNS, type VersionedRow } from "./search-snippets";
import { EARLIEST_INSTANT_MS, LATEST_INSTANT_MS } from "@/lib/transcripts/instant";
import { narrowWalk, type MatchesInStretch } from "@/lib/transcripts/matches-over-time";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import type { ListTranscriptsQuery, TranscriptListItem, TranscriptListResponse } from "@/lib/schemas/transcripts";

/**
 * One page of the transcripts created in [startTime, endTime], newest first, optionally only those
 * whose turns contain `search` (case-insensitive) and of one session. Signed-in users.
 */
export async function listTranscripts(query: ListTranscriptsQuery): Promise<TranscriptListResponse> {
  const search = normalizeSearchQuery(query.search);
  const filter: TranscriptFilter = {
    startMs: query.startTime.getTime(),
    endMs: query.endTime.getTime(),
    search,
    sessionId: query.sessionId,
    // A session's few transcripts are tested directly; only a search of the range needs the index.
    words: search !== null && query.sessionId === null ? await matchWords(search) : null,
  };
  const { total, stretches } = await countTranscripts(filter);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await pageOfTranscripts(filter, offset, query.limit, total, stretches) : [];
  const items = rows.map(toListItem);
  return { transcripts: search === null ? items : await withSnippets(items, rows, search), total, totalPages: Math.ceil(total / query.limit) };
}

/** A search's rows show where each transcript holds it. */
async function withSnippets(items: TranscriptListItem[], rows: (ListRow & Partial<VersionedRow>)[], search: string): Promise<TranscriptListItem[]> {
  const snippets = await snippetsOf(
    rows.map((row) => ({ id: row.id, sessionId: row.sessionId, receivedAt: row.receivedAt, sourceLength: row.sourceLength })),
    search,
  );
  return items.map((item) => {
    const snippet = snippets.get(item.id);
    return snippet ? { ...item, searchSnippet: snippet } : item;
  });
}

/** The total, and for a search of the range where in it the matches lie. */
async function countTranscripts(filter: TranscriptFilter): Promise<{ total: number; stretches: MatchesInStretch[] }> {
  if (filter.sessionId !== null) return { total: await countMatchesNow(filter), stretches: [] };
  if (filter.search === null) return { total: await countInRange(filter.startMs, filter.endMs), stretches: [] };
  const stretches = await searchMatchesOverTime(filter);
  return { total: stretches.reduce((sum, stretch) => sum + stretch.count, 0), stretches };
}

/**
 * Rows [offset, offset + limit) of the newest-first order. Past the middle the keys are walked from
 * the oldest end instead, so no page walks more than half the range, and a search's walk starts in
 * the day or hour holding the page's first row (from the counts of its total); only keys are
 * walked (an index-only scan), and the page's rows are then read by key.
 */
async function pageOfTranscripts(
  filter: TranscriptFilter,
  offset: number,
  limit: number,
  total: number,
  stretches: MatchesInStretch[],
): Promise<(ListRow & Partial<VersionedRow>)[]> {
  const fromOldest = offset > total / 2;
  const take = fromOldest ? Math.min(limit, total - offset) : limit;
  const walk = narrowWalk(filter, stretches, fromOldest ? Math.max(0, total - offset - limit) : offset, fromOldest);
  const walked = { ...filter, startMs: walk.startMs, endMs: walk.endMs };
  const scan = await textScan(filter, walk.skip + take, total);
  const keys = matchingKeysSql(walked, { descending: !fromOldest, limit: take, offset: walk.skip, scan });
  // A search's page also reads which version of each transcript it lists, for its snippet.
  const columns = filter.search === null ? LIST_COLUMNS : sql`${LIST_COLUMNS}, ${VERSION_COLUMNS}`;
  return storeQuery<ListRow & Partial<VersionedRow>>(
    sql`SELECT ${columns} FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`,
    { scansTexts: scansEveryText(filter) },
  );
}

/**
 * Whether a page of search results is found by reading the range in key order (from the nearer
 * end, passing `passed` matches, each text tested) or through the word index. SQLite's index
 * yields its matches in key order, so it always serves the page. PostgreSQL's finds every match of
 * the whole table and then orders them: there dense matches favour the walk (the first pages of a
 * common word are a few dozen texts away).
 */
async function textScan(filter: TranscriptFilter, passed: number, matches: number): Promise<TextScan> {
  if (filter.words === null) return "range";
  if (!isPostgres()) return "index";
  // The word index holds no dense word: where every query word has some, it narrows nothing alone.
  if (filter.words.index === "gin" && filter.words.wordSets.every((set) => set.denseMasks !== null)) return "range";
  const [inRange, inTable] = await Promise.all([countInRange(filter.startMs, filter.endMs), countInRange(EARLIEST_INSTANT_MS, LATEST_INSTANT_MS)]);
  const rangeTexts = (passed * inRange) / matches;
  const indexTexts = matches * (inTable / Math.max(inRange, 1));
  return indexTexts < rangeTexts ? "index" : "range";
}
