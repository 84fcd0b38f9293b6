// POST /api/admin/make-admin/{id} — administrators: promotes an approved user; returns the user.
import { route } from "@/lib/server/http/route";
import { userIdParamsSchema } from "@/lib/schemas/users";
import { makeAdmin } from "@/lib/server/users/admin-user-actions";

export const POST = route({ access: "admin", params: userIdParamsSchema }, async ({ user, params }) =>
  makeAdmin({ actor: user, userId: params.id }),
);
