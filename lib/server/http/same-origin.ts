import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "./app-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request authenticated by the cookie must come from our own pages: browsers
 * send Origin on such requests, and a foreign one is refused (CSRF defence beside SameSite=Lax).
 */
export function assertSameOrigin(req: NextRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError("FORBIDDEN", "Cross-site request refused");
  }
  if (!host || originHost !== host) throw new AppError("FORBIDDEN", "Cross-site request refused");
}
