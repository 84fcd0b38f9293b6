import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { int, join, sql, sqlText, toNumber } from "./sql";
import { sortKeyRange } from "./sort-key";

export interface QuestionGroupCounts {
  group: string;
  /** The most recent wording of the range. */
  example: string | null;
  count: number;
  fallbacks: number;
  handoffs: number;
  /** Thumbs-down ratings of the group's conversations. */
  thumbsDown: number;
}

/**
 * The question groups of the transcripts created in the range, the first `limit` by count (or, for
 * "unanswered", by fallbacks, which is count x fallback rate). The counts are one read of the index
 * (questionGroup, sortKey, fallback, handoff), which holds every figure they need; the examples are
 * a key lookup per group listed, and the thumbs-down ratings one pass over the range's.
 */
export async function countQuestionGroups(
  range: TimeRange,
  options: { limit: number; sort: "count" | "unanswered" },
): Promise<QuestionGroupCounts[]> {
  const { low, high } = sortKeyRange(range.startMs, range.endMs);
  const inRange = (column: string) => sql`${sqlText(column)} BETWEEN ${int(low)} AND ${int(high)}`;
  const order = options.sort === "unanswered" ? sql`"fallbacks" DESC, "count" DESC` : sql`"count" DESC, "fallbacks" DESC`;
  const groups = await storeRead<{ group: string; count: unknown; fallbacks: unknown; handoffs: unknown; example: string | null }>(sql`
    SELECT g."group", g."count", g."fallbacks", g."handoffs",
      (SELECT e."questionExample" FROM "TranscriptSignal" e WHERE e."questionGroup" = g."group" AND ${inRange(`e."sortKey"`)}
        ORDER BY e."sortKey" DESC LIMIT 1) AS "example"
    FROM (
      SELECT "questionGroup" AS "group", count(*) AS "count", SUM("fallback") AS "fallbacks", SUM("handoff") AS "handoffs"
      FROM "TranscriptSignal" WHERE "questionGroup" IS NOT NULL AND ${inRange(`"sortKey"`)}
      GROUP BY "questionGroup" ORDER BY ${order}, "questionGroup" LIMIT ${int(options.limit)}
    ) g
    ORDER BY ${order}, g."group"`);
  if (groups.length === 0) return [];
  const thumbsDown = await storeRead<{ group: string; n: unknown }>(sql`
    SELECT s."questionGroup" AS "group", SUM(r."count") AS "n"
    FROM "TranscriptRating" r JOIN "TranscriptSignal" s ON s."sortKey" = r."sortKey"
    WHERE r."feedbackType" = 'thumbs_down' AND ${inRange(`r."sortKey"`)} AND s."questionGroup" IN (${join(groups.map((row) => row.group))})
    GROUP BY s."questionGroup"`);
  const downs = new Map(thumbsDown.map((row) => [row.group, toNumber(row.n)]));
  return groups.map((row) => ({
    group: row.group,
    example: row.example,
    count: toNumber(row.count),
    fallbacks: toNumber(row.fallbacks),
    handoffs: toNumber(row.handoffs),
    thumbsDown: downs.get(row.group) ?? 0,
  }));
}
