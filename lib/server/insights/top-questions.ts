import "server-only";
import { storeRead } from "../store/active-database";
import { sortKeyRange } from "../store/sort-key";
import { sql, toNumber } from "../store/sql";
import type { TopQuestion, TopQuestionsQuery } from "@/lib/schemas/insights";

/**
 * GET /api/analytics/top-questions: the question groups of the transcripts created in
 * [startTime, endTime], by count (or by count x fallback rate, "top unanswered"), each with its
 * fallback and handoff rates, thumbs-down ratings and an example wording.
 */
export async function getTopQuestions(query: TopQuestionsQuery): Promise<TopQuestion[]> {
  const range = sortKeyRange(query.startTime.getTime(), query.endTime.getTime());
  const low = BigInt(range.low);
  const high = BigInt(range.high);
  const order = query.sort === "unanswered" ? sql`SUM(s."fallback") DESC, COUNT(*) DESC` : sql`COUNT(*) DESC, SUM(s."fallback") DESC`;
  const rows = await storeRead<{
    group: string;
    example: string | null;
    count: unknown;
    fallbacks: unknown;
    handoffs: unknown;
    thumbsDown: unknown;
  }>(sql`
    SELECT s."questionGroup" AS "group", MIN(s."questionExample") AS "example", COUNT(*) AS "count",
      SUM(s."fallback") AS "fallbacks", SUM(s."handoff") AS "handoffs",
      COALESCE(SUM((SELECT r."count" FROM "TranscriptRating" r WHERE r."feedbackType" = 'thumbs_down' AND r."sortKey" = s."sortKey")), 0) AS "thumbsDown"
    FROM "TranscriptSignal" s
    WHERE s."sortKey" BETWEEN ${low} AND ${high} AND s."questionGroup" IS NOT NULL
    GROUP BY s."questionGroup"
    ORDER BY ${order}, s."questionGroup"
    LIMIT ${query.limit}`);
  return rows.map((row) => {
    const count = toNumber(row.count);
    return {
      group: row.group,
      example: row.example ?? row.group,
      count,
      fallbackRate: toNumber(row.fallbacks) / count,
      handoffRate: toNumber(row.handoffs) / count,
      thumbsDown: toNumber(row.thumbsDown),
    };
  });
}
