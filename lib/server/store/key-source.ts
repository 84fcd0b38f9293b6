import "server-only";
import { int, sql, type Sql } from "./sql";
import type { KeyPage, SearchFilter, TimeRange } from "./database";
import { SORT_KEY_SPREAD, sortKeyRange } from "./sort-key";

// The matches of a filter in a range, as the SQL that selects their sort keys. Both databases find
// them the same way except through their word index (sqlite/search.ts, postgres/search.ts).

/** The SQL of the key sources that differs between the databases. */
export interface KeySourceDialect {
  /** The condition that a text column contains `text`. */
  contains(column: Sql, text: string): Sql;
  /**
   * A condition true of every row, tested in scans of many rows so that they stop at the read
   * budget (SQLite); null where the database stops a statement at its budget by itself.
   */
  withinBudget(key: Sql): Sql | null;
}

export interface KeySource {
  /** The column holding the sort key in `from`. */
  key: Sql;
  /** FROM ... WHERE ... selecting the matching transcripts. */
  from: Sql;
}

/**
 * The matches found without the word index: a session's transcripts (its index narrows the range,
 * and the text is tested directly), every transcript of the range when there is no search, or the
 * texts of the range tested one by one.
 */
export function plainKeySource(filter: SearchFilter, range: TimeRange, { contains, withinBudget }: KeySourceDialect): KeySource {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  if (filter.sessionId !== null) {
    const inRange = sql`t."sessionId" = ${filter.sessionId} AND t."sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
    if (filter.search === null) return { key: sql`t."sortKey"`, from: sql`FROM "Transcript" t WHERE ${inRange}` };
    return {
      key: sql`t."sortKey"`,
      from: sql`FROM "Transcript" t JOIN "TranscriptText" x ON x."sortKey" = t."sortKey" WHERE ${inRange} AND ${contains(sql`x."text"`, filter.search)}`,
    };
  }
  const inRange = sql`"sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
  if (filter.search === null) return { key: sql`"sortKey"`, from: sql`FROM "Transcript" WHERE ${inRange}` };
  const budget = withinBudget(sql`"sortKey"`);
  return {
    key: sql`"sortKey"`,
    from: sql`FROM "TranscriptText" WHERE ${inRange}${budget ? sql` AND ${budget}` : sql``} AND ${contains(sql`"text"`, filter.search)}`,
  };
}

/** Whether the filter searches the whole range: only then can a word index narrow it. */
export function searchesRange(filter: SearchFilter): filter is { search: string; sessionId: null } {
  return filter.search !== null && filter.sessionId === null;
}

/** SELECT of one page of sort keys from a key source, in the page's direction. */
export function pageOfKeysSql({ key, from }: KeySource, page: KeyPage): Sql {
  const direction = page.descending ? sql`DESC` : sql`ASC`;
  return sql`SELECT ${key} AS "sortKey" ${from} ORDER BY ${key} ${direction} LIMIT ${int(page.limit)} OFFSET ${int(page.offset)}`;
}

/** SELECT "bucket", count(*) AS "n" of a key source per UTC bucket of bucketMs (a day or an hour). */
export function countPerBucketSql({ key, from }: KeySource, bucketMs: number): Sql {
  // floor(createdAt / bucketMs) = floor(sortKey / (bucketMs * SORT_KEY_SPREAD))
  return sql`SELECT ${key} / ${int(bucketMs * SORT_KEY_SPREAD)} AS "bucket", count(*) AS "n" ${from} GROUP BY 1`;
}
