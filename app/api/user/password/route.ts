// POST /api/user/password — signed-in users: {currentPassword, newPassword} -> {message}; every
// other session of the caller ends.
import { route } from "@/lib/server/http/route";
import { passwordChangeSchema } from "@/lib/schemas/users";
import { changePassword } from "@/lib/server/users/change-password";

export const POST = route({ access: "user", body: passwordChangeSchema }, async ({ user, body }) =>
  changePassword({ actor: user, input: body }),
);
