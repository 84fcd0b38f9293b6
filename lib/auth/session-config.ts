// Session settings shared by the API (Node) and middleware.ts (edge): no database access here.

/** One fixed name, so the cookie the API sets is the one middleware reads over http and https alike. */
export const SESSION_COOKIE_NAME = "next-auth.session-token";

/** A working week: a session ends this long after sign-in, however active it is. */
const DEFAULT_MAX_AGE_DAYS = 7;
/** Long enough for a meeting away from the desk, short enough that a forgotten session ends the same day. */
const DEFAULT_IDLE_MINUTES = 120;

export interface SessionLifetimes {
  /** Absolute lifetime: from sign-in to the session's end (SESSION_MAX_AGE_DAYS). */
  maxAgeSeconds: number;
  /** Idle timeout: a session unused for this long ends (SESSION_IDLE_MINUTES), at most the absolute lifetime. */
  idleSeconds: number;
}

const warned = new Set<string>();

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  if (!warned.has(name)) {
    warned.add(name);
    console.warn(`${name}=${raw} is not a positive number; using ${fallback}`);
  }
  return fallback;
}

/** The session lifetimes from the environment, read on every use so that a test can change them. */
export function sessionLifetimes(): SessionLifetimes {
  const maxAgeSeconds = Math.round(positiveNumber("SESSION_MAX_AGE_DAYS", DEFAULT_MAX_AGE_DAYS) * 24 * 60 * 60);
  const idleSeconds = Math.min(maxAgeSeconds, Math.round(positiveNumber("SESSION_IDLE_MINUTES", DEFAULT_IDLE_MINUTES) * 60));
  return { maxAgeSeconds, idleSeconds };
}

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
