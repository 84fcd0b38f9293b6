// POST /api/auth/login — {email, password} -> {token, user}; also sets the same session as an httpOnly cookie. 403 with PASSWORD_LOGIN=off.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { loginSchema } from "@/lib/schemas/auth";
import { assertPasswordLoginEnabled, signIn } from "@/lib/server/auth/sign-in";
import { clientAddress } from "@/lib/server/auth/client-address";
import { setSessionCookie } from "@/lib/server/auth/session-cookie";

export const POST = route({ access: "public", body: loginSchema }, async ({ req, body }) => {
  assertPasswordLoginEnabled();
  const session = await signIn({ ...body, address: clientAddress(req.headers) });
  const res = NextResponse.json(session);
  setSessionCookie(res, req, session.token);
  return res;
});
