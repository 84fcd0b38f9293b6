// POST /api/auth/request-reset — {email} -> {message, token?}; same answer whether or not the account exists. Throttled per client address and per e-mail (429); 403 with PASSWORD_LOGIN=off.
import { route } from "@/lib/server/http/route";
import { requestResetSchema } from "@/lib/schemas/auth";
import { requestPasswordReset } from "@/lib/server/auth/password-reset";
import { claimAccountRequest } from "@/lib/server/auth/request-throttle";
import { clientAddress } from "@/lib/server/auth/client-address";
import { assertPasswordLoginEnabled } from "@/lib/server/auth/sign-in";

export const POST = route({ access: "public", body: requestResetSchema }, async ({ req, body }) => {
  assertPasswordLoginEnabled();
  await claimAccountRequest("reset", body.email, clientAddress(req.headers));
  return requestPasswordReset({ email: body.email, origin: req.nextUrl.origin });
});
