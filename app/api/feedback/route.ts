// POST /api/feedback — {transcriptId, messageIndex, feedbackType, comment?} -> 201 the caller's rating (replacing an earlier one).
// GET /api/feedback?transcriptId= — the caller's own ratings on that transcript.
import { route, json } from "@/lib/server/http/route";
import { myFeedbackQuerySchema, submitFeedbackSchema } from "@/lib/schemas/feedback";
import { listMyFeedback, submitFeedback } from "@/lib/server/feedback/submit-feedback";

export const POST = route({ access: "user", body: submitFeedbackSchema }, async ({ user, body }) =>
  json(await submitFeedback({ actor: user, input: body }), 201),
);

export const GET = route({ access: "user", query: myFeedbackQuerySchema }, async ({ user, query }) =>
  listMyFeedback({ actor: user, transcriptId: query.transcriptId }),
);
