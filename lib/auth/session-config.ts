// Session settings shared by the API (Node) and middleware.ts (edge): no database access here.

/** One fixed name, so the cookie the API sets is the one middleware reads over http and https alike. */
export const SESSION_COOKIE_NAME = "next-auth.session-token";

/** Sessions last a working week; revocation is immediate regardless (see lib/server/auth/session.ts). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const DEVELOPMENT_SECRET = "development-only-secret-never-used-in-production";

/** The signing and encryption secret; production refuses to run without a real one. */
export function getAuthSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET?.trim() || process.env.AUTH_SECRET?.trim();
  if (secret) return secret;
  if (process.env.NODE_ENV === "production") {
    throw new Error("NEXTAUTH_SECRET must be set in production");
  }
  return DEVELOPMENT_SECRET;
}
