// DELETE /api/admin/user/{id} — administrators: deletes a non-administrator (also how Deny works).
import { route } from "@/lib/server/http/route";
import { userIdParamsSchema } from "@/lib/schemas/users";
import { deleteUser } from "@/lib/server/users/admin-user-actions";

export const DELETE = route({ access: "admin", params: userIdParamsSchema }, async ({ user, params }) =>
  deleteUser({ actor: user, userId: params.id }),
);
