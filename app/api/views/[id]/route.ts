// DELETE /api/views/{id} — its owner, or an administrator for a shared view; 404 when unknown or
// another's private view.
import { route } from "@/lib/server/http/route";
import { viewParamsSchema } from "@/lib/schemas/review";
import { deleteView } from "@/lib/server/review/manage-views";

export const DELETE = route({ access: "user", params: viewParamsSchema }, async ({ params, user }) => {
  await deleteView(params.id, user);
  return { ok: true };
});
