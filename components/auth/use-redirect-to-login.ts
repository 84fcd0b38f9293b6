"use client";
// After a registration or a password reset succeeds, the visitor reads the
// confirmation for REDIRECT_DELAY_MS and is then sent to /login.
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { REDIRECT_DELAY_MS } from "@/lib/client/durations";

/** Goes to /login REDIRECT_DELAY_MS after `hasSucceeded` turns true; leaving the page first cancels it. */
export function useRedirectToLoginAfterSuccess(hasSucceeded: boolean): void {
  const router = useRouter();
  useEffect(() => {
    if (!hasSucceeded) return;
    const timer = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hasSucceeded, router]);
}
