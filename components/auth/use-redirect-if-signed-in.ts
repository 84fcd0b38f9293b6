"use client";
// A visitor who is already signed in is sent from /login and /register to /dashboard.
import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useSession } from "@/lib/client/session";
import type { SessionUser } from "@/lib/client/session-storage";
import { DEFAULT_SIGNED_IN_PATH } from "@/lib/client/safe-next-path";

/**
 * Decided once, by the user the stored session held when it was read. A `next` parameter means the
 * server just refused this browser's cookie for a portal page, so the stored session is stale: it is
 * cleared instead of redirecting, which would only bounce back here.
 */
export function useRedirectIfSignedIn({ wasBounced = false }: { wasBounced?: boolean } = {}): { isChecking: boolean } {
  const { user, isLoading, signOut } = useSession();
  const router = useRouter();
  // undefined until the stored session has been read; a later sign-in on this page does not count.
  const [userAtLoad, setUserAtLoad] = useState<SessionUser | null | undefined>(undefined);
  if (!isLoading && userAtLoad === undefined) setUserAtLoad(user);

  useEffect(() => {
    if (!userAtLoad) return;
    if (wasBounced) void signOut({ redirect: false });
    else router.replace(DEFAULT_SIGNED_IN_PATH);
  }, [userAtLoad, wasBounced, signOut, router]);

  return { isChecking: userAtLoad === undefined || (userAtLoad !== null && !wasBounced) };
}
