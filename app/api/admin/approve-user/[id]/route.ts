// POST /api/admin/approve-user/{id} — administrators: approves a pending user; returns the user.
import { route } from "@/lib/server/http/route";
import { userIdParamsSchema } from "@/lib/schemas/users";
import { approveUser } from "@/lib/server/users/admin-user-actions";

export const POST = route({ access: "admin", params: userIdParamsSchema }, async ({ user, params }) =>
  approveUser({ actor: user, userId: params.id }),
);
