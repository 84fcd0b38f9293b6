// POST /api/auth/register — {email, password} -> 201 {message}; the account awaits approval. Throttled per client address and per e-mail (429); 403 with PASSWORD_LOGIN=off.
import { route, json } from "@/lib/server/http/route";
import { registerSchema } from "@/lib/schemas/auth";
import { registerUser } from "@/lib/server/users/register-user";
import { claimAccountRequest } from "@/lib/server/auth/request-throttle";
import { clientAddress } from "@/lib/server/auth/client-address";
import { assertPasswordLoginEnabled } from "@/lib/server/auth/sign-in";

export const POST = route({ access: "public", body: registerSchema }, async ({ req, body }) => {
  assertPasswordLoginEnabled();
  await claimAccountRequest("register", body.email, clientAddress(req.headers));
  return json(await registerUser({ ...body, origin: req.nextUrl.origin }), 201);
});
