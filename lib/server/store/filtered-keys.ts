import "server-only";
import { storeDialect, storeRead } from "./active-database";
import type { PreparedSearch, SearchFilter, TimeRange } from "./database";
import { countInRange } from "./count-in-range";
import { countOverDays, type DayCount } from "./day-cache";
import type { FilterTerm } from "./filter-terms";
import { pageOfKeysSql, plainKeySource, type KeySource } from "./key-source";
import { searchMatchesOverTime } from "./search-count-cache";
import { identifier as sqlIdentifier, int, join, sql, toNumber, type Sql } from "./sql";
import { sortKeyRange } from "./sort-key";

// The filtered path (DESIGN.md): the matches of a range, search and session that also pass the
// filter terms (filter-terms.ts), counted exactly and paged in key order. Its cost follows the
// smallest set a filter names, not the range:
// - a session: its transcripts (few), each tested against every term;
// - a named set (a tag, a status, notes, ratings, an assignee): the smallest one's keys in the
//   range are walked through its index, each tested against the other terms and the search;
// - only complements (unreviewed, nobody assigned, no rating, no notes): the total is the range's
//   (or the search's) total less the members of the sets they exclude, and a page walks the
//   range's keys (or the search's matches) newest first, skipping the excluded.

/** Where the walk of a page starts, and how far. */
export interface FilteredPage {
  offset: number;
  limit: number;
}

export interface FilteredMatches {
  total: number;
  /** The sort keys of a page, newest first. */
  page(page: FilteredPage): Promise<number[]>;
  /** SELECT "sortKey" of every match (for bulk actions), in no order. */
  allKeysSql(): Sql;
}

/** Text containment, the test every search reduces to: the search text is folded and so is the query. */
const contains = (column: Sql, text: string): Sql => storeDialect().contains(column, text);
const keyDialect = () => ({ contains, withinBudget: () => null });

/** The matches of the filter and terms (at least one) in the range, counted. */
export async function filteredMatches(
  filter: SearchFilter,
  search: PreparedSearch,
  range: TimeRange,
  terms: FilterTerm[],
): Promise<FilteredMatches> {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const tests = (key: Sql, except?: FilterTerm) => termTests(terms, key, low, high, except);

  if (filter.sessionId !== null) {
    const base = plainKeySource(filter, range, keyDialect());
    return walkedSource({ key: base.key, from: sql`${base.from} AND ${join(tests(base.key), " AND ")}` });
  }

  const driver = await smallestNamedSet(terms, low, high);
  if (driver) {
    const key = sql`d."sortKey"`;
    const conditions = tests(key, driver);
    const texts = filter.search === null ? sql`` : sql` JOIN "TranscriptText" x ON x."sortKey" = d."sortKey"`;
    if (filter.search !== null) conditions.push(contains(sql`x."text"`, filter.search));
    const where = conditions.length > 0 ? sql` WHERE ${join(conditions, " AND ")}` : sql``;
    return walkedSource({ key, from: sql`FROM (${driver.set.keysIn(low, high)}) d${texts}${where}` });
  }

  // Only complements: the total less the members of the excluded sets.
  const whole =
    filter.search === null
      ? await countInRange(range.startMs, range.endMs)
      : (await searchMatchesOverTime(filter.search, search, range)).reduce((sum, stretch) => sum + stretch.count, 0);
  const total = whole - (await countOverDays(await excludedMembers(filter.search, search, range, terms, whole), range));
  // Qualified: the terms' subqueries name sortKey columns of their own.
  const inRange = (key: Sql) => sql`${key} BETWEEN ${int(low)} AND ${int(high)}`;
  const plain: KeySource =
    filter.search === null
      ? { key: sql`t."sortKey"`, from: sql`FROM "Transcript" t WHERE ${inRange(sql`t."sortKey"`)}` }
      : {
          key: sql`x."sortKey"`,
          from: sql`FROM "TranscriptText" x WHERE ${inRange(sql`x."sortKey"`)} AND ${contains(sql`x."text"`, filter.search)}`,
        };
  const source: KeySource = { key: plain.key, from: sql`${plain.from} AND ${join(tests(plain.key), " AND ")}` };
  const allKeysSql = () => sql`SELECT ${source.key} AS "sortKey" ${source.from}`;
  if (filter.search === null) return { total, page: (page) => pageOfSource(source, page, total), allKeysSql };

  // A search's matches, newest first, in growing chunks; each chunk's excluded keys are dropped.
  const searchTotal = whole;
  return {
    total,
    allKeysSql,
    async page({ offset, limit }) {
      const wanted = offset + limit;
      const kept: number[] = [];
      let chunk = Math.max(200, wanted * 2);
      for (let start = 0; start < searchTotal && kept.length < wanted; start += chunk, chunk *= 2) {
        const scan = await search.pageScan(range, start + chunk, searchTotal);
        const keys = search.matchingKeysSql(range, { descending: true, limit: chunk, offset: start, scan });
        const rows = await storeRead<{ sortKey: unknown }>(
          sql`SELECT c."sortKey" FROM (${keys}) c WHERE ${join(tests(sql`c."sortKey"`), " AND ")}`,
          { scansTexts: search.scansEveryText },
        );
        kept.push(...rows.map((row) => toNumber(row.sortKey)).sort((a, b) => b - a));
      }
      return kept.slice(offset, wanted);
    },
  };
}

/**
 * SELECT "sortKey" of every transcript of the range, search and session that passes the terms (any
 * number, none too): the set a bulk action changes, found as the list finds its pages.
 */
export async function allMatchingKeysSql(filter: SearchFilter, range: TimeRange, terms: FilterTerm[]): Promise<Sql> {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const tests = (key: Sql, except?: FilterTerm) => termTests(terms, key, low, high, except);
  const where = (conditions: Sql[]) => (conditions.length > 0 ? sql` AND ${join(conditions, " AND ")}` : sql``);
  if (filter.sessionId !== null) {
    const base = plainKeySource(filter, range, keyDialect());
    return sql`SELECT ${base.key} AS "sortKey" ${base.from}${where(tests(base.key))}`;
  }
  const driver = await smallestNamedSet(terms, low, high);
  if (driver) {
    const key = sql`d."sortKey"`;
    const conditions = tests(key, driver);
    if (filter.search !== null) conditions.push(contains(sql`x."text"`, filter.search));
    const texts = filter.search === null ? sql`` : sql` JOIN "TranscriptText" x ON x."sortKey" = d."sortKey"`;
    return sql`SELECT ${key} AS "sortKey" FROM (${driver.set.keysIn(low, high)}) d${texts} WHERE 1 = 1${where(conditions)}`;
  }
  const inRange = (key: Sql) => sql`${key} BETWEEN ${int(low)} AND ${int(high)}`;
  if (filter.search === null)
    return sql`SELECT t."sortKey" FROM "Transcript" t WHERE ${inRange(sql`t."sortKey"`)}${where(tests(sql`t."sortKey"`))}`;
  return sql`SELECT x."sortKey" FROM "TranscriptText" x WHERE ${inRange(sql`x."sortKey"`)} AND ${contains(sql`x."text"`, filter.search)}${where(tests(sql`x."sortKey"`))}`;
}

/**
 * The members of the excluded sets (the terms' sets) that the list would otherwise hold: every one
 * in the range, or with a search its matches among them, counted per day (countOverDays).
 */
async function excludedMembers(
  query: string | null,
  search: PreparedSearch,
  range: TimeRange,
  terms: FilterTerm[],
  whole: number,
): Promise<DayCount> {
  // The sets' SQL over a fixed range names them (and so what is counted) exactly.
  const sets = membersOfAny(terms, 0, 0);
  const identity = `${query ?? ""}\n${sets.sql}\n${JSON.stringify(sets.values)}`;
  if (query === null) {
    return { identity, madeOf: "annotations", scansTexts: false, countIn: (piece) => countOfMembersOfAny(terms, piece) };
  }
  return {
    identity,
    madeOf: "annotations",
    scansTexts: search.scansEveryText,
    countIn: await excludedMatchesCount(search, query, range, terms, whole),
  };
}

/**
 * How to count the search's matches (`whole` in the range) among the members of the terms' sets in
 * any part of the range, the cheapest way the search allows: the members' texts tested, when they
 * are TEXT_TEST_COST times fewer than the matches; else the members tested by the search without
 * their texts (PreparedSearch.matchesAmongSql), where it can; else the matches, found through the
 * word index, each probed in the sets' indexes.
 */
async function excludedMatchesCount(
  search: PreparedSearch,
  query: string,
  range: TimeRange,
  terms: FilterTerm[],
  whole: number,
): Promise<(piece: TimeRange) => Sql> {
  const excludedKeys = (piece: TimeRange) => {
    const { low, high } = sortKeyRange(piece.startMs, piece.endMs);
    return membersOfAny(terms, low, high);
  };
  const textsTested = (piece: TimeRange) =>
    sql`SELECT count(*) AS "n" FROM (${excludedKeys(piece)}) u JOIN "TranscriptText" x ON x."sortKey" = u."sortKey" WHERE ${contains(sql`x."text"`, query)}`;
  if (search.scansEveryText) return textsTested;
  const fewerThanMatches = Math.ceil(whole / TEXT_TEST_COST) + 1;
  if ((await boundedCount(excludedKeys(range), fewerThanMatches)) < fewerThanMatches) return textsTested;
  const isExcluded = (piece: TimeRange) => (key: Sql) => {
    const { low, high } = sortKeyRange(piece.startMs, piece.endMs);
    return sql`(${join(
      terms.map((term) => term.set.holds(key, low, high)),
      " OR ",
    )})`;
  };
  const { matchesAmongSql } = search;
  if (matchesAmongSql) return (piece) => matchesAmongSql(piece, excludedKeys(piece), isExcluded(piece));
  return (piece) => {
    const matches = search.matchingKeysSql(piece, { descending: true, limit: Math.max(whole, 1), offset: 0, scan: "index" });
    return sql`SELECT count(*) AS "n" FROM (${matches}) c WHERE ${isExcluded(piece)(sql`c."sortKey"`)}`;
  };
}

/** The conditions that the key `key` of [low, high] passes each term (but `except`). */
function termTests(terms: FilterTerm[], key: Sql, low: number, high: number, except?: FilterTerm): Sql[] {
  return terms
    .filter((term) => term !== except)
    .map((term) => (term.negated ? sql`NOT ${term.set.holds(key, low, high)}` : term.set.holds(key, low, high)));
}

/** SELECT "sortKey" of the members of any of the terms' sets in [low, high], each once. */
function membersOfAny(terms: FilterTerm[], low: number, high: number): Sql {
  return join(
    terms.map((term) => term.set.keysIn(low, high)),
    " UNION ",
  );
}

/**
 * SELECT count(*) AS "n" of the members of any of the terms' sets in the range, without building
 * the set of them all: the set expected to be largest is counted through its index, and each other
 * set's members only where no set before it holds them, each tested in those sets' indexes.
 */
function countOfMembersOfAny(terms: FilterTerm[], range: TimeRange): Sql {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const largestFirst = [...terms].sort((a, b) => b.set.size - a.set.size);
  const counts = largestFirst.map((term, index) => {
    const before = largestFirst.slice(0, index).map((earlier) => sql`NOT ${earlier.set.holds(sql`k."sortKey"`, low, high)}`);
    const where = before.length > 0 ? sql` WHERE ${join(before, " AND ")}` : sql``;
    return sql`(SELECT count(*) FROM (${term.set.keysIn(low, high)}) k${where})`;
  });
  return sql`SELECT ${join(counts, " + ")} AS "n"`;
}

/** Members counted per set to choose the walked one: a bounded read of each set's index. */
const ESTIMATE_CAP = 100_000;

/** Testing a transcript's text costs about this many probes of an index by key. */
const TEXT_TEST_COST = 10;

/** The rows of a key selection, counted up to `cap`. */
async function boundedCount(keys: Sql, cap: number): Promise<number> {
  const [row] = await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" FROM (SELECT 1 FROM (${keys}) k LIMIT ${int(cap)}) e`);
  return toNumber(row?.n);
}

/**
 * The named (not negated) term whose set holds the fewest keys of the range, or null. With several,
 * the sets a rollup counts take their size from it, and the others are counted through their
 * index only as far as it takes to tell whether they are smaller (ESTIMATE_CAP keys at most). The
 * smallest size wins, and among sizes at the cap the smaller expected size.
 */
async function smallestNamedSet(terms: FilterTerm[], low: number, high: number): Promise<FilterTerm | null> {
  const named = terms.filter((term) => !term.negated).sort((a, b) => a.set.size - b.set.size);
  if (named.length <= 1) return named[0] ?? null;
  const sizes = new Map<FilterTerm, number>();
  const rolledUp = named.filter((term) => term.set.rolledUpSize);
  const rolledUpSizes = await readNumbers(rolledUp.map((term) => term.set.rolledUpSize!(low, high)));
  rolledUp.forEach((term, index) => sizes.set(term, Math.min(rolledUpSizes[index], ESTIMATE_CAP)));
  const cap = Math.min(ESTIMATE_CAP, ...[...sizes.values()].map((size) => size + 1));
  const counted = named.filter((term) => !term.set.rolledUpSize);
  const countedSizes = await readNumbers(
    counted.map((term) => sql`SELECT count(*) FROM (${term.set.keysIn(low, high)} LIMIT ${int(cap)}) e`),
  );
  counted.forEach((term, index) => sizes.set(term, countedSizes[index]));
  let best = named[0];
  for (const term of named) if (sizes.get(term)! < sizes.get(best)!) best = term;
  return best;
}

/** The values of scalar subqueries (each a SELECT of one number), read in one statement. */
async function readNumbers(selects: Sql[]): Promise<number[]> {
  if (selects.length === 0) return [];
  const columns = selects.map((select, index) => sql`(${select}) AS ${sqlIdentifier(`n${index}`)}`);
  const [row] = await storeRead<Record<string, unknown>>(sql`SELECT ${join(columns, ", ")}`);
  return selects.map((_, index) => toNumber(row?.[`n${index}`]));
}

/** A key source walked through its index: counted once, paged from the nearer end. */
async function walkedSource(source: KeySource): Promise<FilteredMatches> {
  const [row] = await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" ${source.from}`);
  const total = toNumber(row?.n);
  return {
    total,
    page: (page) => pageOfSource(source, page, total),
    allKeysSql: () => sql`SELECT ${source.key} AS "sortKey" ${source.from}`,
  };
}

/** Keys [offset, offset + limit) of the newest-first order; past the middle, walked from the oldest end. */
async function pageOfSource(source: KeySource, { offset, limit }: FilteredPage, total: number): Promise<number[]> {
  if (offset >= total) return [];
  const fromOldest = offset > total / 2;
  const take = fromOldest ? Math.min(limit, total - offset) : limit;
  const skip = fromOldest ? Math.max(0, total - offset - limit) : offset;
  const rows = await storeRead<{ sortKey: unknown }>(
    pageOfKeysSql(source, { descending: !fromOldest, limit: take, offset: skip, scan: "range" }),
  );
  return rows.map((row) => toNumber(row.sortKey)).sort((a, b) => b - a);
}

/** The condition that a key is one of `keys` (integers from the server). */
export function keyIn(column: Sql, keys: readonly number[]): Sql {
  return keys.length === 0 ? sql`0 = 1` : sql`${column} IN (${join(keys.map(int), ", ")})`;
}
