// POST /api/auth/request-reset — {email} -> {message, token?}; same answer whether or not the account exists.
import { route } from "@/lib/server/http/route";
import { requestResetSchema } from "@/lib/schemas/auth";
import { requestPasswordReset } from "@/lib/server/auth/password-reset";

export const POST = route({ access: "public", body: requestResetSchema }, async ({ req, body }) =>
  requestPasswordReset({ email: body.email, origin: req.nextUrl.origin }),
);
