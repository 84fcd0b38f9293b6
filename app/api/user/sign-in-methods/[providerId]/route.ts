// POST /api/user/sign-in-methods/{providerId} — signed-in users: starts connecting the provider to
// the caller's account (the client then runs the provider's sign-in, whose callback links it).
// DELETE /api/user/sign-in-methods/{providerId} — signed-in users: disconnects it, unless it is the
// account's only way in (409).
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { disconnectSsoProvider, startSsoConnect } from "@/lib/server/auth/sign-in-methods";
import { signInMethodParamsSchema } from "@/lib/schemas/sign-in-methods";

export const POST = route({ access: "user", params: signInMethodParamsSchema }, async ({ req, user, params }) => {
  const res = NextResponse.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  await startSsoConnect({ actor: user, providerId: params.providerId, req, res });
  return res;
});

export const DELETE = route({ access: "user", params: signInMethodParamsSchema }, async ({ user, params }) =>
  disconnectSsoProvider({ actor: user, providerId: params.providerId }),
);
