import "server-only";
import { isPostgres } from "../db";
import { int, sql, type Sql } from "./sql";
import { sortKeyRange } from "@/lib/transcripts/sort-key";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";

// The one place where the two databases' SQL differs: how transcripts matching a search are found.
// Both match the lower-cased query as a substring of the lower-cased searchText (migration
// 20261122003629_transcripts): SQLite through an FTS5 trigram index whose rowid is the sortKey,
// PostgreSQL through a pg_trgm GIN index. Queries under 3 characters cannot use trigrams: both
// then test each transcript of the range (instr / strpos), with the same meaning.

export interface TranscriptFilter {
  startMs: number;
  endMs: number;
  /** Folded by normalizeSearchQuery; null for no search. */
  search: string | null;
  sessionId: string | null;
}

interface KeySource {
  /** The column holding the sort key in `from`. */
  key: Sql;
  /** FROM ... WHERE ... selecting the matching transcripts. */
  from: Sql;
}

function keySource(filter: TranscriptFilter): KeySource {
  const { low, high } = sortKeyRange(filter.startMs, filter.endMs);
  const sortKey = sql`"sortKey"`;
  const inRange = sql`"sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
  const pg = isPostgres();
  const contains = (query: string) => (pg ? sql` AND strpos("searchText", ${query}) > 0` : sql` AND instr("searchText", ${query}) > 0`);

  if (filter.sessionId !== null) {
    // A session holds few transcripts: its index narrows the range, and the text is tested directly.
    const search = filter.search === null ? sql`` : contains(filter.search);
    return { key: sortKey, from: sql`FROM "Transcript" WHERE "sessionId" = ${filter.sessionId} AND ${inRange}${search}` };
  }
  if (filter.search === null) return { key: sortKey, from: sql`FROM "Transcript" WHERE ${inRange}` };
  if (characterLength(filter.search) < TRIGRAM_MIN_LENGTH) {
    return { key: sortKey, from: sql`FROM "Transcript" WHERE ${inRange}${contains(filter.search)}` };
  }
  if (pg) {
    return { key: sortKey, from: sql`FROM "Transcript" WHERE ${inRange} AND "searchText" LIKE ${likePattern(filter.search)} ESCAPE '\\'` };
  }
  return {
    key: sql`rowid`,
    from: sql`FROM "TranscriptSearch" WHERE "TranscriptSearch" MATCH ${ftsPhrase(filter.search)} AND rowid BETWEEN ${int(low)} AND ${int(high)}`,
  };
}

/** SELECT of one page of matching sort keys, in the given direction. */
export function matchingKeysSql(filter: TranscriptFilter, page: { descending: boolean; limit: number; offset: number }): Sql {
  const { key, from } = keySource(filter);
  const direction = page.descending ? sql`DESC` : sql`ASC`;
  return sql`SELECT ${key} AS "sortKey" ${from} ORDER BY ${key} ${direction} LIMIT ${int(page.limit)} OFFSET ${int(page.offset)}`;
}

/** SELECT count(*) AS "n" of the matching transcripts. */
export function countMatchingSql(filter: TranscriptFilter): Sql {
  return sql`SELECT count(*) AS "n" ${keySource(filter).from}`;
}

/** An FTS5 phrase: the whole query as one quoted string, inner quotes doubled, no operators. */
export function ftsPhrase(query: string): string {
  return `"${query.replace(/"/g, '""')}"`;
}

/** A LIKE pattern matching the query anywhere, its wildcards escaped. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
