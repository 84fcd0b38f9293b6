// GET /api/admin/feedback?filter&page&limit[&transcriptId] — administrators: a page of feedback (of
// every transcript, or of one) with the five counts.
import { route } from "@/lib/server/http/route";
import { adminFeedbackQuerySchema } from "@/lib/schemas/feedback";
import { listFeedback } from "@/lib/server/feedback/manage-feedback";

export const GET = route({ access: "admin", query: adminFeedbackQuerySchema }, async ({ query }) => listFeedback(query));
