// DELETE /api/admin/feedback/{id} — administrators: deletes one feedback item (404 when unknown).
import { route } from "@/lib/server/http/route";
import { feedbackIdParamsSchema } from "@/lib/schemas/feedback";
import { deleteFeedback } from "@/lib/server/feedback/manage-feedback";

export const DELETE = route({ access: "admin", params: feedbackIdParamsSchema }, async ({ user, params }) =>
  deleteFeedback({ actor: user, id: params.id }),
);
