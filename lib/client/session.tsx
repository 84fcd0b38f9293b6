"use client";
// The client session. Restored from localStorage on startup; login stores it,
// logout and a 401 from the API clear it (and end it on the server) and go to /login.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { onUnauthorized } from "./api-fetch";
import { LOGIN_PATH } from "./safe-next-path";
import {
  TOKEN_KEY,
  USER_KEY,
  clearStoredSession,
  readStoredSession,
  readStoredToken,
  storeSession,
  storeUser,
  type SessionUser,
  type StoredSession,
} from "./session-storage";

export { LOGIN_PATH };
export const LOGOUT_URL = "/api/auth/logout";

interface SessionState {
  user: SessionUser | null;
  token: string | null;
  /** True until the stored session has been read. */
  isLoading: boolean;
}

export interface SessionContextValue extends SessionState {
  /** Stores a fresh session and goes to `nextPath`. */
  signIn: (session: StoredSession, nextPath: string) => void;
  /** Ends the session here and on the server; goes to /login unless told to stay. */
  signOut: (options?: { redirect?: boolean }) => Promise<void>;
  /** Merges fields into the signed-in user and persists them. */
  updateUser: (changes: Partial<SessionUser>) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Ends the session on the server (the token's, or else the cookie's) and clears the cookie. */
async function endServerSession(token: string | null): Promise<void> {
  try {
    await fetch(LOGOUT_URL, { method: "POST", credentials: "include", headers: token ? { Authorization: `Bearer ${token}` } : undefined });
  } catch {
    // Offline: the session ends on the server by its idle timeout; the local one is gone either way.
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ user: null, token: null, isLoading: true });

  useEffect(() => {
    const restore = () => {
      const stored = readStoredSession();
      setState({ user: stored?.user ?? null, token: stored?.token ?? null, isLoading: false });
    };
    restore();
    // Another tab signing in or out changes this one too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) restore();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const signOut = useCallback(
    async ({ redirect = true }: { redirect?: boolean } = {}) => {
      const token = readStoredToken();
      clearStoredSession();
      // The tab's screen state (the dashboard's range, filters and fetched flag) belongs to the
      // user who leaves; the next one starts afresh.
      try {
        window.sessionStorage.clear();
      } catch {
        // Storage unavailable: nothing to forget.
      }
      setState({ user: null, token: null, isLoading: false });
      queryClient.clear();
      await endServerSession(token);
      if (redirect) router.replace(LOGIN_PATH);
    },
    [queryClient, router],
  );

  const signedIn = state.user !== null;
  useEffect(
    () =>
      onUnauthorized(() => {
        if (signedIn) void signOut();
      }),
    [signedIn, signOut],
  );

  const signIn = useCallback(
    (session: StoredSession, nextPath: string) => {
      queryClient.clear();
      storeSession(session);
      setState({ user: session.user, token: session.token, isLoading: false });
      router.replace(nextPath);
    },
    [queryClient, router],
  );

  const updateUser = useCallback((changes: Partial<SessionUser>) => {
    setState((current) => {
      if (!current.user) return current;
      const user = { ...current.user, ...changes };
      storeUser(user);
      return { ...current, user };
    });
  }, []);

  const value = useMemo<SessionContextValue>(() => ({ ...state, signIn, signOut, updateUser }), [state, signIn, signOut, updateUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A page the server rendered for a signed-in user (the session cookie checked by the API's rules)
 * shows that user to its descendants until the stored session is read, so that the first render in
 * the browser matches the server's HTML; from then on the stored session decides, as everywhere.
 * With `user` null it changes nothing.
 */
export function ServerCheckedSession({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  const session = useSession();
  const value = useMemo<SessionContextValue>(
    () => (user && session.isLoading ? { ...session, user, isLoading: false } : session),
    [session, user],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside SessionProvider");
  return value;
}
