// The session lives in localStorage under the keys `token` and `user`.
import type { SessionUserDto } from "@/lib/schemas/auth";

export const TOKEN_KEY = "token";
export const USER_KEY = "user";

export type SessionUser = SessionUserDto;

export interface StoredSession {
  token: string;
  user: SessionUser;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== "object") return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === "string" && typeof user.email === "string";
}

/**
 * Reads the stored session. Both keys present and a user that parses: signed in. A user that
 * does not parse clears both keys. Anything else: signed out.
 */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  const token = store.getItem(TOKEN_KEY);
  const rawUser = store.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user: unknown = JSON.parse(rawUser);
    if (!isSessionUser(user)) throw new Error("Stored user has an unexpected shape");
    return { token, user: { ...user, name: user.name ?? null, isAdmin: user.isAdmin === true } };
  } catch {
    clearStoredSession();
    return null;
  }
}

export function readStoredToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function storeSession(session: StoredSession): void {
  const store = storage();
  store?.setItem(TOKEN_KEY, session.token);
  store?.setItem(USER_KEY, JSON.stringify(session.user));
}

export function storeUser(user: SessionUser): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  const store = storage();
  store?.removeItem(TOKEN_KEY);
  store?.removeItem(USER_KEY);
}
