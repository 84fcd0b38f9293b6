import "server-only";
import { countQuestionGroups } from "../store";
import type { TopQuestion, TopQuestionsQuery } from "@/lib/schemas/insights";

/**
 * GET /api/analytics/top-questions: the question groups of the transcripts created in
 * [startTime, endTime], by count (or by count x fallback rate, "top unanswered"), each with its
 * fallback and handoff rates, thumbs-down ratings and an example wording.
 */
export async function getTopQuestions(query: TopQuestionsQuery): Promise<TopQuestion[]> {
  const groups = await countQuestionGroups(
    { startMs: query.startTime.getTime(), endMs: query.endTime.getTime() },
    { limit: query.limit, sort: query.sort },
  );
  return groups.map((group) => ({
    group: group.group,
    example: group.example ?? group.group,
    count: group.count,
    fallbackRate: group.fallbacks / group.count,
    handoffRate: group.handoffs / group.count,
    thumbsDown: group.thumbsDown,
  }));
}
