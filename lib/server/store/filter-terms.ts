import "server-only";
import { int, join, sql, type Sql } from "./sql";
import type { ListTranscriptsQuery } from "@/lib/schemas/transcripts";

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
  /** The condition that the sort key `key` (an SQL expression) belongs to the set. */
  holds(key: Sql): Sql;
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
  return terms;
}

const FEEDBACK_TYPES = { down: ["thumbs_down"], up: ["thumbs_up"], any: ["thumbs_up", "thumbs_down"] } as const;

const inKeys = (column: Sql, low: number, high: number) => sql`${column} BETWEEN ${int(low)} AND ${int(high)}`;
const oneOf = (column: Sql, values: readonly string[]) =>
  values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} IN (${join([...values], ", ")})`;

/** Transcripts whose review has one of `statuses` (index on status, sortKey). */
function reviewStatusSet(statuses: readonly string[]): KeySet {
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "TranscriptReview" WHERE ${oneOf(sql`"status"`, statuses)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key) => sql`EXISTS (SELECT 1 FROM "TranscriptReview" r WHERE r."sortKey" = ${key} AND ${oneOf(sql`r."status"`, statuses)})`,
    size: statuses.includes("reviewed") ? 4 : 2,
  };
}

/** Transcripts holding any of the tags (primary key tagId, sortKey). */
function tagSet(tagIds: readonly string[]): KeySet {
  const distinct = tagIds.length > 1 ? sql`DISTINCT ` : sql``;
  return {
    keysIn: (low, high) =>
      sql`SELECT ${distinct}"sortKey" FROM "TranscriptTag" WHERE ${oneOf(sql`"tagId"`, tagIds)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key) => sql`EXISTS (SELECT 1 FROM "TranscriptTag" g WHERE g."sortKey" = ${key} AND ${oneOf(sql`g."tagId"`, tagIds)})`,
    size: tagIds.length > 1 ? 2 : 1,
  };
}

/** Transcripts assigned to `userId`, or (null) to anybody (index on assigneeId, sortKey). */
function assignedSet(userId: string | null): KeySet {
  const assigned = (column: Sql) => (userId === null ? sql`${column} IS NOT NULL` : sql`${column} = ${userId}`);
  return {
    keysIn: (low, high) =>
      sql`SELECT "sortKey" FROM "TranscriptReview" WHERE ${assigned(sql`"assigneeId"`)} AND ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key) => sql`EXISTS (SELECT 1 FROM "TranscriptReview" a WHERE a."sortKey" = ${key} AND ${assigned(sql`a."assigneeId"`)})`,
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
    holds: (key) => sql`EXISTS (SELECT 1 FROM "TranscriptRating" f WHERE f."sortKey" = ${key} AND ${oneOf(sql`f."feedbackType"`, types)})`,
    size: types.length > 1 ? 4 : 3,
  };
}

/** Transcripts with at least one note (index on sortKey, createdAt). */
function notedSet(): KeySet {
  return {
    keysIn: (low, high) => sql`SELECT DISTINCT "sortKey" FROM "TranscriptNote" WHERE ${inKeys(sql`"sortKey"`, low, high)}`,
    holds: (key) => sql`EXISTS (SELECT 1 FROM "TranscriptNote" n WHERE n."sortKey" = ${key})`,
    size: 1,
  };
}
