// POST /api/auth/logout — clears the session cookie. Public so that an expired session can still log out.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { clearSessionCookie } from "@/lib/server/auth/session-cookie";

export const POST = route({ access: "public" }, async ({ req }) => {
  const res = NextResponse.json({ message: "Logged out" });
  clearSessionCookie(res, req);
  return res;
});
