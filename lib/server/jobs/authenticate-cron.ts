import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type { NextRequest } from "next/server";
import { unauthorized } from "../http/app-error";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The scheduler calling the cron endpoint: `Authorization: Bearer <CRON_SECRET>`. Fails closed:
 * without a configured secret (or one shorter than 16 characters) every call is refused.
 * Throws UNAUTHORIZED.
 */
export function authenticateCron(req: NextRequest): null {
  const secret = process.env.CRON_SECRET ?? "";
  const match = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "");
  if (secret.length < 16 || !match || !timingSafeEqual(digest(match[1]), digest(secret))) {
    throw unauthorized("Invalid or missing cron secret");
  }
  return null;
}
