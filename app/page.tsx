"use client";
// Spec section 2: / shows Loading... until the session is restored, then goes to /dashboard or /login.
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { useSession, LOGIN_PATH } from "@/lib/client/session";
import { DEFAULT_SIGNED_IN_PATH } from "@/lib/client/safe-next-path";
import { CenteredMessage } from "@/components/ui/centered-message";

export default function HomePage() {
  const { user, isLoading } = useSession();
  const router = useRouter();

  useEffect(() => {
    if (!isLoading) router.replace(user ? DEFAULT_SIGNED_IN_PATH : LOGIN_PATH);
  }, [isLoading, user, router]);

  return (
    <main className="min-h-screen">
      <CenteredMessage text="Loading..." isBusy />
    </main>
  );
}
