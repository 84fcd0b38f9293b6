"use client";
// The landing page of single sign-on: the session it started exists only as the httpOnly cookie;
// the client keeps its token and user as after a password sign-in and goes on to
// /dashboard, or to the page the visitor was sent away from.
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { CenteredMessage } from "@/components/ui/centered-message";
import { useSession } from "@/lib/client/session";
import { safeNextPath } from "@/lib/client/safe-next-path";
import { fetchSsoSession } from "@/lib/queries/sso";

export function SsoLanding({ next }: { next?: string }) {
  const { signIn } = useSession();
  const router = useRouter();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchSsoSession().then(
      (session) => signIn(session, safeNextPath(next)),
      () => router.replace("/login?error=failed"),
    );
  }, [next, signIn, router]);

  return <CenteredMessage text="Signing in..." isBusy />;
}
