// POST /api/auth/logout — ends the session of the bearer token or cookie on the server and clears
// the cookie. Public so that a client whose session already ended can still log out.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { endSession } from "@/lib/server/auth/session";
import { clearSessionCookie } from "@/lib/server/auth/session-cookie";

export const POST = route({ access: "public" }, async ({ req }) => {
  await endSession(req);
  const res = NextResponse.json({ message: "Logged out" });
  clearSessionCookie(res, req);
  return res;
});
