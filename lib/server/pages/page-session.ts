import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { SESSION_COOKIE_NAME } from "@/lib/auth/session-config";
import type { SessionUserDto } from "@/lib/schemas/auth";
import { authenticateSessionToken } from "../auth/session";
import { AppError } from "../http/app-error";

/**
 * The user of a page request, from the httpOnly session cookie by the API's own rules
 * (authenticateSessionToken), or null: no cookie, a session that has ended, or any failure to check
 * it. A page then renders as for a signed-out visitor and leaves the session to the browser.
 * Cached per request, so that the portal layout and its page look it up once.
 */
export const getPageSessionUser = cache(async (): Promise<SessionUserDto | null> => {
  const token = (await cookies()).get(SESSION_COOKIE_NAME)?.value;
  if (!token) return null;
  try {
    const { id, email, name, isAdmin } = await authenticateSessionToken(token);
    return { id, email, name, isAdmin };
  } catch (error) {
    if (!(error instanceof AppError)) console.error("The page's session could not be checked", error);
    return null;
  }
});
