// DELETE /api/user/sessions — signed-in users: signs out of all devices (every session of the
// caller ends, this one included) and clears the cookie.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { endAllSessions } from "@/lib/server/auth/session";
import { clearSessionCookie } from "@/lib/server/auth/session-cookie";

export const DELETE = route({ access: "user" }, async ({ req, user }) => {
  const res = NextResponse.json(await endAllSessions({ actor: user }));
  clearSessionCookie(res, req);
  return res;
});
