// POST /api/auth/reset-password — {token, password} -> {message}; 400 for an invalid, used or expired token.
import { route } from "@/lib/server/http/route";
import { resetPasswordSchema } from "@/lib/schemas/auth";
import { resetPassword } from "@/lib/server/auth/password-reset";

export const POST = route({ access: "public", body: resetPasswordSchema }, async ({ body }) => resetPassword(body));
