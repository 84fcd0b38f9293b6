// PATCH /api/admin/feedback/{id}/review-status — administrators: {reviewStatus} -> the updated item.
import { route } from "@/lib/server/http/route";
import { feedbackIdParamsSchema, reviewStatusSchema } from "@/lib/schemas/feedback";
import { updateReviewStatus } from "@/lib/server/feedback/manage-feedback";

export const PATCH = route({ access: "admin", params: feedbackIdParamsSchema, body: reviewStatusSchema }, async ({ user, params, body }) =>
  updateReviewStatus({ actor: user, id: params.id, reviewStatus: body.reviewStatus }),
);
