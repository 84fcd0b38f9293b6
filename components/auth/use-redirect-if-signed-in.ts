"use client";
// Spec section 2: a visitor who is already signed in is sent from /login and /register to /dashboard.
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useSession } from "@/lib/client/session";
import { DEFAULT_SIGNED_IN_PATH } from "@/lib/client/safe-next-path";

/**
 * Checked once, when the stored session has been read. A `next` parameter means the server just
 * refused this browser's cookie for a portal page, so the stored session is stale: it is cleared
 * instead of redirecting, which would only bounce back here.
 */
export function useRedirectIfSignedIn({ wasBounced = false }: { wasBounced?: boolean } = {}): { isChecking: boolean } {
  const { user, isLoading, signOut } = useSession();
  const router = useRouter();
  const checked = useRef(false);

  useEffect(() => {
    if (isLoading || checked.current) return;
    checked.current = true;
    if (!user) return;
    if (wasBounced) void signOut({ redirect: false });
    else router.replace(DEFAULT_SIGNED_IN_PATH);
  }, [isLoading, user, wasBounced, signOut, router]);

  return { isChecking: isLoading || (!checked.current && !!user && !wasBounced) };
}
