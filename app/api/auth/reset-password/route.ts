// POST /api/auth/reset-password — {token, password} -> {message}; 400 for an invalid, used or expired token; 403 with PASSWORD_LOGIN=off.
import { route } from "@/lib/server/http/route";
import { resetPasswordSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/lib/server/auth/password-reset";
import { assertPasswordLoginEnabled } from "@/lib/server/auth/sign-in";

export const POST = route({ access: "public", body: resetPasswordSchema }, async ({ body }) => {
  assertPasswordLoginEnabled();
  return resetPassword(body);
});
