import "server-only";
import { storeQuery } from "./store-connection";
import { countInRange } from "./count-in-range";
import { countSearchMatches } from "./search-count-cache";
import { countMatchingSql, matchingKeysSql, type TranscriptFilter } from "./search-sql";
import { sql, toNumber } from "./sql";
import { LIST_COLUMNS, toListItem, type ListRow } from "./transcript-row";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import type { ListTranscriptsQuery, TranscriptListResponse } from "@/lib/schemas/transcripts";

/**
 * One page of the transcripts created in [startTime, endTime], newest first, optionally only those
 * whose turns contain `search` (case-insensitive) and of one session. Signed-in users.
 */
export async function listTranscripts(query: ListTranscriptsQuery): Promise<TranscriptListResponse> {
  const filter: TranscriptFilter = {
    startMs: query.startTime.getTime(),
    endMs: query.endTime.getTime(),
    search: normalizeSearchQuery(query.search),
    sessionId: query.sessionId,
  };
  const total = await countTranscripts(filter);
  const offset = (query.page - 1) * query.limit;
  const rows = offset < total ? await pageOfTranscripts(filter, offset, query.limit, total) : [];
  return { transcripts: rows.map(toListItem), total, totalPages: Math.ceil(total / query.limit) };
}

async function countTranscripts(filter: TranscriptFilter): Promise<number> {
  if (filter.sessionId === null) {
    return filter.search === null ? countInRange(filter.startMs, filter.endMs) : countSearchMatches(filter);
  }
  const rows = await storeQuery<{ n: unknown }>(countMatchingSql(filter));
  return toNumber(rows[0]?.n);
}

/**
 * Rows [offset, offset + limit) of the newest-first order. Past the middle the keys are walked from
 * the oldest end instead, so no page walks more than half the range; only keys are walked (an
 * index-only scan), and the page's rows are then read by key.
 */
async function pageOfTranscripts(filter: TranscriptFilter, offset: number, limit: number, total: number): Promise<ListRow[]> {
  const fromOldest = offset > total / 2;
  const keys = fromOldest
    ? matchingKeysSql(filter, { descending: false, limit: Math.min(limit, total - offset), offset: Math.max(0, total - offset - limit) })
    : matchingKeysSql(filter, { descending: true, limit, offset });
  return storeQuery<ListRow>(
    sql`SELECT ${LIST_COLUMNS} FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`,
  );
}

