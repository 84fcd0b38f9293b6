// GET /api/analytics/top-questions?startTime&endTime[&tz][&limit][&sort=count|unanswered] — signed-in
// users: [{group, example, count, fallbackRate, handoffRate, thumbsDown}].
import { route } from "@/lib/server/http/route";
import { topQuestionsQuerySchema } from "@/lib/schemas/insights";
import { getTopQuestions } from "@/lib/server/insights/top-questions";

export const GET = route({ access: "user", query: topQuestionsQuerySchema }, async ({ query }) => getTopQuestions(query));
