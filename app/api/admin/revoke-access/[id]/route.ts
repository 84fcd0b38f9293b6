// POST /api/admin/revoke-access/{id} — administrators: revokes access and ends the user's sessions; returns the user.
import { route } from "@/lib/server/http/route";
import { userIdParamsSchema } from "@/lib/schemas/users";
import { revokeAccess } from "@/lib/server/users/admin-user-actions";

export const POST = route({ access: "admin", params: userIdParamsSchema }, async ({ user, params }) =>
  revokeAccess({ actor: user, userId: params.id }),
);
