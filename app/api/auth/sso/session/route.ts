// GET /api/auth/sso/session — signed-in user: {token, user} of the session the request carries (the
// answer of POST /api/auth/login). The single sign-on landing page (/login/sso) reads the cookie's
// session here to keep it as a password sign-in does.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { sessionHandoff } from "@/lib/server/auth/sso-session";

export const GET = route({ access: "user" }, async ({ req, user }) =>
  NextResponse.json(sessionHandoff(req, user), { headers: { "Cache-Control": "no-store" } }),
);
