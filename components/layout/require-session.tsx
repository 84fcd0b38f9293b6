"use client";
// Protected screens show Loading... while the session is restored and send a
// signed-out visitor to /login. The API refuses them regardless; this spares a flash of the page.
import { useEffect, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useSession, LOGIN_PATH } from "@/lib/client/session";
import { CenteredMessage } from "@/components/ui/centered-message";

export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const router = useRouter();

  useEffect(() => {
    if (!isLoading && !user) router.replace(LOGIN_PATH);
  }, [isLoading, user, router]);

  if (isLoading || !user) return <CenteredMessage text="Loading..." isBusy />;
  return <>{children}</>;
}

/** Administrators only; anyone else is sent to /dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const router = useRouter();
  const isAdmin = user?.isAdmin === true;

  useEffect(() => {
    if (user && !isAdmin) router.replace("/dashboard");
  }, [user, isAdmin, router]);

  if (!isAdmin) return <CenteredMessage text="Loading..." isBusy />;
  return <>{children}</>;
}
