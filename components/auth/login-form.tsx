"use client";
// Spec section 2 (Sign-in): Welcome back; on success the session is stored and the app goes to
// /dashboard, or to the page the visitor was sent away from.
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Field } from "@/components/ui/field";
import { CenteredMessage } from "@/components/ui/centered-message";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { useSession } from "@/lib/client/session";
import { safeNextPath } from "@/lib/client/safe-next-path";
import { useLoginMutation } from "@/lib/queries/auth";
import { AuthShell, linkClasses } from "./auth-shell";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";

export function LoginForm({ next }: { next?: string }) {
  const { signIn } = useSession();
  const { isChecking } = useRedirectIfSignedIn({ wasBounced: Boolean(next) });
  const login = useLoginMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    login.mutate(
      { email, password },
      {
        onSuccess: (session) => signIn(session, safeNextPath(next)),
        onError: (error) => toast({ title: "Login failed", description: error.message || "Invalid email or password", variant: "destructive" }),
      },
    );
  };

  if (isChecking) return <CenteredMessage text="Loading..." isBusy />;

  return (
    <AuthShell
      title="Welcome back"
      description="Sign in to access your agent transcripts"
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link href="/register" className={linkClasses}>
            Create account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
        <Field id="email" label="Email">
          <Input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
        </Field>
        <Field
          id="password"
          label="Password"
          action={
            <Link href="/forgot-password" className={`text-sm ${linkClasses}`}>
              Forgot password?
            </Link>
          }
        >
          <PasswordInput id="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" className="w-full" disabled={login.isPending || login.isSuccess}>
          {login.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
    </AuthShell>
  );
}
