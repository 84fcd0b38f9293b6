import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-config";

/**
 * Secure whenever the request came over https, and in production except on a loopback host,
 * where browsers accept plain http and the demo runs.
 */
function isSecureRequest(req: NextRequest): boolean {
  const forwardedProto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if ((forwardedProto ?? req.nextUrl.protocol.replace(":", "")) === "https") return true;
  if (process.env.NODE_ENV !== "production") return false;
  return !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(req.headers.get("host") ?? "");
}

export function setSessionCookie(res: NextResponse, req: NextRequest, token: string): void {
  res.cookies.set(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookie(res: NextResponse, req: NextRequest): void {
  res.cookies.set(SESSION_COOKIE_NAME, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/",
    maxAge: 0,
  });
}
