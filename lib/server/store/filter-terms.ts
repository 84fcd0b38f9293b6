import "server-only";
import { storeDialect } from "./active-database";
import { identifier, int, join, sql, sqlText, type Sql } from "./sql";
import type { ListTranscriptsQuery } from "@/lib/schemas/transcripts";
import type { SignalKind } from "@/lib/schemas/insights";
import { offsetSegments, type OffsetSegment } from "@/lib/transcripts/time-zone";
import { UNKNOWN_ATTRIBUTE } from "@/lib/schemas/analytics";
import { attributeSpelling } from "@/lib/transcripts/attribute-names";
import { localTimeKeyRanges, SORT_KEY_SPREAD, type LocalTime } from "./sort-key";
import { DAY_MS, HOUR_MS } from "@/lib/transcripts/time-buckets";

// The list's filters beyond range, search and session, as sets of sort keys (DESIGN.md, "The
// filtered path"). Each filter value names one set, or the complement of one; the planner
// (filtered-keys.ts) walks the smallest named set and tests the others per key. A new filter is a
// new KeySet here and one line in filterTerms: nothing else changes.

/** A set of transcripts, as SQL over their sort keys. */
export interface KeySet {
  /**
   * SELECT "sortKey" of the set's members with a key in [low, high], each once. Read through an
   * index in key order where it can, since the planner pages through it.
   */
  keysIn(low: number, high: number): Sql;
  /** The condition that the sort key `key` (an SQL expression, a key in [low, high]) belongs to the set. */
  holds(key: Sql, low: number, high: number): Sql;
  /**
   * SELECT of about how many members the key range holds, read from a rollup for fewer rows than
   * counting them would read; absent where no rollup counts the set.
   */
  rolledUpSize?(low: number, high: number): Sql;
  /**
   * How large the set is expected to be, relative to the others: the planner walks the smallest
   * one. 1 for sets of a few (a tag, notes, an assignee), 2 for a status that marks some, 3 for
   * ratings (found through the feedback table), 4 for sets that may hold most transcripts.
   */
  size: 1 | 2 | 3 | 4;
}

/** A filter: the transcripts of the set, or (negated) those outside it. */
export interface FilterTerm {
  set: KeySet;
  negated: boolean;
}

/** Whom "me" names in a filter. */
export interface FilterViewer {
  userId: string;
}

/** The filters of a list query, as terms; none for a plain list. The one place filters are added. */
export function filterTerms(query: Partial<ListTranscriptsQuery>, viewer: FilterViewer | null): FilterTerm[] {
  const terms: FilterTerm[] = [];
  if (query.status === "unreviewed") terms.push({ set: reviewStatusSet(["reviewed", "needs_attention"]), negated: true });
  else if (query.status) terms.push({ set: reviewStatusSet([query.status]), negated: false });
  if (query.tag && query.tag.length > 0) terms.push({ set: tagSet(query.tag), negated: false });
  if (query.assignee === "none") terms.push({ set: assignedSet(null), negated: true });
  else if (query.assignee)
    terms.push({ set: assignedSet(query.assignee === "me" ? (viewer?.userId ?? "") : query.assignee), negated: false });
  if (query.feedback === "none") terms.push({ set: ratedSet(["thumbs_up", "thumbs_down"]), negated: true });
  else if (query.feedback) terms.push({ set: ratedSet(FEEDBACK_TYPES[query.feedback]), negated: false });
  if (query.hasNotes != null) terms.push({ set: notedSet(), negated: !query.hasNotes });
  if (query.signal && query.signal.length > 0) terms.push({ set: signalSet(query.signal), negated: false });
  if (query.questionGroup) terms.push({ set: questionGroupSet(query.questionGroup), negated: false });
  for (const dimension of ATTRIBUTE_DIMENSIONS) {
    const value = query[dimension];
    if (value) terms.push({ set: attributeSet(dimension, value), negated: false });
  }
  if (query.minMessages != null || query.maxMessages != null) {
    terms.push({ set: lengthSet(query.minMessages ?? 0, query.maxMessages ?? null), negated: false });
  }
  if (query.source && query.source.length > 0) terms.push({ set: originSet(query.source), negated: false });
  if ((query.hour != null || query.weekday != null) && query.startTime && query.endTime) {
    const segments = offsetSegments(query.tz ?? "UTC", query.startTime.getTime(), query.endTime.getTime());
    terms.push({ set: localTimeSet({ hour: query.hour ?? null, weekday: query.weekday ?? null }, segments), negated: false });
  }
  return terms;
}

const FEEDBACK_TYPES = { down: ["thumbs_down"], up: ["thumbs_up"], any: ["thumbs_up", "thumbs_down"] } as const;

/** `alias."column"`, or the bare column for an empty alias. */
const qualified = (alias: string, column: string) => (alias === "" ? identifier(column) : sql`${sqlText(alias)}.${identifier(column)}`);
const inKeys = (column: Sql, low: number, high: number) => sql`${column} BETWEEN ${int(low)} AND ${int(high)}`;
const oneOf = (column: Sql, values: readonly string[]) =>
  values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} IN (${join([...values], ", ")})`;

const sameKey = (column: Sql, key: Sql, low: number, high: number): Sql => storeDialect().sameKey(column, key, low, high);
const atKey = (column: Sql, key: Sql, low: number, high: number): Sql => storeDialect().atKey(column, key, low, high);

/** Transcripts whose review has one of `statuses` (index on status, sortKey). */
function reviewStatusSet(statuses: readonly string[]): KeySet {
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "TranscriptReview" WHERE ${oneOf(sql`"status"`, statuses)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptReview" r WHERE ${sameKey(sql`r."sortKey"`, key, low, high)} AND ${oneOf(sql`r."status"`, statuses)})`,
    size: statuses.includes("reviewed") ? 4 : 2,
  };
}

/** Transcripts holding any of the tags (primary key tagId, sortKey). */
function tagSet(tagIds: readonly string[]): KeySet {
  const distinct = tagIds.length > 1 ? sql`DISTINCT ` : sql``;
  return {
    keysIn: (low, high) =>
      sql`SELECT ${distinct}"sortKey" FROM "TranscriptTag" WHERE ${oneOf(sql`"tagId"`, tagIds)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptTag" g WHERE ${sameKey(sql`g."sortKey"`, key, low, high)} AND ${oneOf(sql`g."tagId"`, tagIds)})`,
    size: tagIds.length > 1 ? 2 : 1,
  };
}

/** Transcripts assigned to `userId`, or (null) to anybody (index on assigneeId, sortKey). */
function assignedSet(userId: string | null): KeySet {
  const assigned = (column: Sql) => (userId === null ? sql`${column} IS NOT NULL` : sql`${column} = ${userId}`);
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "TranscriptReview" WHERE ${assigned(sql`"assigneeId"`)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptReview" a WHERE ${sameKey(sql`a."sortKey"`, key, low, high)} AND ${assigned(sql`a."assigneeId"`)})`,
    size: userId === null ? 4 : 1,
  };
}

/**
 * Transcripts with a rating of one of `types`: TranscriptRating counts each transcript's ratings per
 * type under its sort key (kept by triggers on Feedback), so the set is a key range of its primary key.
 */
function ratedSet(types: readonly string[]): KeySet {
  const distinct = types.length > 1 ? sql`DISTINCT ` : sql``;
  return {
    keysIn: (low, high) =>
      sql`SELECT ${distinct}"sortKey" FROM "TranscriptRating" WHERE ${oneOf(sql`"feedbackType"`, types)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptRating" f WHERE ${sameKey(sql`f."sortKey"`, key, low, high)} AND ${oneOf(sql`f."feedbackType"`, types)})`,
    size: types.length > 1 ? 4 : 3,
  };
}

/** Transcripts with at least one note (index on sortKey, createdAt). */
function notedSet(): KeySet {
  return {
    keysIn: (low, high) => sql`SELECT DISTINCT "sortKey" FROM "TranscriptNote" WHERE ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) => sql`EXISTS (SELECT 1 FROM "TranscriptNote" n WHERE ${sameKey(sql`n."sortKey"`, key, low, high)})`,
    size: 1,
  };
}

/** Transcripts with any of the signals (TranscriptSignal, an index per signal on (flag, sortKey)). */
function signalSet(kinds: readonly SignalKind[]): KeySet {
  const anyOf = (alias: string) =>
    join(
      kinds.map((kind) => sql`${qualified(alias, kind)} = 1`),
      " OR ",
    );
  const distinct = kinds.length > 1 ? sql`DISTINCT ` : sql``;
  return {
    keysIn: (low, high) =>
      sql`SELECT ${distinct}"sortKey" FROM "TranscriptSignal" WHERE (${anyOf("")}) AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptSignal" s WHERE ${atKey(sql`s."sortKey"`, key, low, high)} AND (${anyOf("s")}))`,
    size: 2,
  };
}

/** Transcripts whose first real question falls in the group (index on questionGroup, sortKey). */
function questionGroupSet(group: string): KeySet {
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "TranscriptSignal" WHERE "questionGroup" = ${group} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "TranscriptSignal" q WHERE ${atKey(sql`q."sortKey"`, key, low, high)} AND q."questionGroup" = ${group})`,
    size: 1,
  };
}

const ATTRIBUTE_DIMENSIONS = ["device", "os", "browser"] as const;

/**
 * Transcripts with the device, OS or browser `value`, named as the analytics distributions name it:
 * "unknown" stands for none too (index on the column and sortKey). The hourly rollup counts them
 * per value ("" for none) for the hours the key range touches.
 */
function attributeSet(dimension: (typeof ATTRIBUTE_DIMENSIONS)[number], name: string): KeySet {
  // Names are stored in one spelling; a filter may name them in any case.
  const value = attributeSpelling(dimension, name);
  const column = (alias: string) => qualified(alias, dimension);
  // "unknown" is three disjoint values of the column.
  const unknownTests = (alias: string) => [
    sql`${column(alias)} IS NULL`,
    sql`${column(alias)} = ''`,
    sql`${column(alias)} = ${UNKNOWN_ATTRIBUTE}`,
  ];
  const matches = (alias: string) =>
    value === UNKNOWN_ATTRIBUTE ? sql`(${join(unknownTests(alias), " OR ")})` : sql`${column(alias)} = ${value}`;
  const rolledUpValue = value === UNKNOWN_ATTRIBUTE ? sql`"value" IN ('', ${UNKNOWN_ATTRIBUTE})` : sql`"value" = ${value}`;
  const hourOf = (key: number) => Math.floor(key / (HOUR_MS * SORT_KEY_SPREAD));
  const keysWith = (test: Sql, low: number, high: number) =>
    sql`SELECT "sortKey" FROM "Transcript" WHERE ${test} AND ${inKeys(sql`"sortKey"`, low, high)}`;
  return {
    // "unknown" as three ranges of the index, so that a walk in key order merges them.
    keysIn: (low, high) =>
      value === UNKNOWN_ATTRIBUTE
        ? join(
            unknownTests("").map((test) => keysWith(test, low, high)),
            " UNION ALL ",
          )
        : keysWith(matches(""), low, high),
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "Transcript" v WHERE ${atKey(sql`v."sortKey"`, key, low, high)} AND ${matches("v")})`,
    rolledUpSize: (low, high) =>
      sql`SELECT coalesce(sum("count"), 0) FROM "TranscriptHourAttribute" WHERE "dimension" = ${dimension} AND "hour" BETWEEN ${int(hourOf(low))} AND ${int(hourOf(high))} AND ${rolledUpValue}`,
    size: 3,
  };
}

/**
 * Transcripts whose current version came in one of the ways `origins` name: a source's id, "ingest"
 * or "import" (index on origin, sortKey).
 */
function originSet(origins: readonly string[]): KeySet {
  const keysOf = (origin: string, low: number, high: number) =>
    sql`SELECT "sortKey" FROM "Transcript" WHERE "origin" = ${origin} AND ${inKeys(sql`"sortKey"`, low, high)}`;
  return {
    // One range of the index per origin, so that a walk in key order merges them.
    keysIn: (low, high) =>
      join(
        origins.map((origin) => keysOf(origin, low, high)),
        " UNION ALL ",
      ),
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "Transcript" o WHERE ${atKey(sql`o."sortKey"`, key, low, high)} AND ${oneOf(sql`o."origin"`, origins)})`,
    size: 4,
  };
}

/** Conversations of `min` to `max` messages (max null: no upper bound), read from their rows. */
function lengthSet(min: number, max: number | null): KeySet {
  const matches = (column: Sql) => (max === null ? sql`${column} >= ${int(min)}` : sql`${column} BETWEEN ${int(min)} AND ${int(max)}`);
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "Transcript" WHERE ${matches(sql`"messageCount"`)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key, low, high) =>
      sql`EXISTS (SELECT 1 FROM "Transcript" m WHERE ${sameKey(sql`m."sortKey"`, key, low, high)} AND ${matches(sql`m."messageCount"`)})`,
    size: 4,
  };
}

const MINUTE_MS = 60_000;

/**
 * Transcripts created at a local time of the week (an hour of the day, a weekday, or both; the
 * offsets as the analytics bucket them). Over each stretch of one UTC offset, the local time is
 * createdAt + offset: plain integer arithmetic on the sort key that both databases share. The
 * members of a key range are read as one key range per local day, so that only those keys are visited.
 */
function localTimeSet(time: LocalTime, segments: readonly OffsetSegment[]): KeySet {
  const condition = (key: Sql) =>
    join(
      segments.map((segment, index) => {
        const next = segments[index + 1];
        const localMs = sql`(${key} / ${int(SORT_KEY_SPREAD)} + ${int(segment.offset * MINUTE_MS)})`;
        return join(
          [
            ...(index > 0 ? [sql`${key} >= ${int(segment.fromMs * SORT_KEY_SPREAD)}`] : []),
            ...(next ? [sql`${key} < ${int(next.fromMs * SORT_KEY_SPREAD)}`] : []),
            ...(time.hour === null
              ? []
              : [sql`${localMs} % ${int(DAY_MS)} BETWEEN ${int(time.hour * HOUR_MS)} AND ${int((time.hour + 1) * HOUR_MS - 1)}`]),
            // Day 0 (1970-01-01) was a Thursday, weekday 3 counting from Monday.
            ...(time.weekday === null ? [] : [sql`(${localMs} / ${int(DAY_MS)} + 3) % 7 = ${int(time.weekday)}`]),
          ],
          " AND ",
        );
      }),
      " OR ",
    );
  return {
    keysIn: (low, high) => {
      const ranges = localTimeKeyRanges(time, segments, low, high);
      if (ranges.length === 0) return sql`SELECT "sortKey" FROM "Transcript" WHERE 0 = 1`;
      return sql`SELECT "sortKey" FROM "Transcript" WHERE ${join(
        ranges.map((range) => inKeys(sql`"sortKey"`, range.low, range.high)),
        " OR ",
      )}`;
    },
    holds: (key) => sql`(${condition(key)})`,
    size: 3,
  };
}
