// POST /api/admin/restore-access/{id} — administrators: restores a revoked user's access; returns the user.
import { route } from "@/lib/server/http/route";
import { userIdParamsSchema } from "@/lib/schemas/users";
import { restoreAccess } from "@/lib/server/users/admin-user-actions";

export const POST = route({ access: "admin", params: userIdParamsSchema }, async ({ user, params }) =>
  restoreAccess({ actor: user, userId: params.id }),
);
