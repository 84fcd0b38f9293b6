import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { SESSION_COOKIE_NAME, sessionLifetimes } from "@/lib/auth/session-config";

/**
 * Secure whenever the request came over https, and in production except on a loopback host,
 * where browsers accept plain http and the demo runs.
 */
export function isSecureRequest(req: NextRequest): boolean {
  const forwardedProto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if ((forwardedProto ?? req.nextUrl.protocol.replace(":", "")) === "https") return true;
  if (process.env.NODE_ENV !== "production") return false;
  return !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(req.headers.get("host") ?? "");
}

/** The cookie lives as long as the session can (its absolute lifetime); the server ends it sooner when needed. */
export function setSessionCookie(res: NextResponse, req: NextRequest, token: string): void {
  res.cookies.set(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/",
    maxAge: sessionLifetimes().maxAgeSeconds,
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
