"use client";
// Sign-in: Welcome back; on success the session is stored and the app goes to
// /dashboard, or to the page the visitor was sent away from. With single sign-on configured, a
// "Sign in with <name>" button per provider comes first; with password sign-in turned off, only
// those buttons remain. A refused single sign-on comes back here with a message to show.
import { useEffect, useState, type FormEvent } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { CenteredMessage } from "@/components/ui/centered-message";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { EmailField, PasswordField } from "@/components/forms/credential-fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { useSession } from "@/lib/client/session";
import { safeNextPath } from "@/lib/client/safe-next-path";
import { useLoginMutation } from "@/lib/queries/auth";
import { useSsoSignInMutation } from "@/lib/queries/sso";
import type { LoginResponse } from "@/lib/schemas/auth";
import { AuthShell, FooterPrompt, linkClasses } from "./auth-shell";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";

export interface LoginFormProps {
  next?: string;
  /** The single sign-on providers, in the order of SSO_PROVIDERS. */
  providers?: { id: string; name: string }[];
  /** False with PASSWORD_LOGIN=off: no password form, no reset or registration links. */
  isPasswordLoginEnabled?: boolean;
  /** Why the single sign-on that came back here was refused. */
  ssoError?: string | null;
}

export function LoginForm({ next, providers = [], isPasswordLoginEnabled = true, ssoError = null }: LoginFormProps) {
  const { signIn } = useSession();
  const { isChecking } = useRedirectIfSignedIn({ wasBounced: Boolean(next) });

  useEffect(() => {
    if (!ssoError) return;
    toast({ title: "Login failed", description: ssoError, variant: "destructive" });
    // Shown once: a reload or a later visit to this address does not repeat it.
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, [ssoError]);

  if (isChecking) return <CenteredMessage text="Loading..." isBusy />;

  return (
    <AuthShell
      title="Welcome back"
      description="Sign in to access your agent transcripts"
      footer={isPasswordLoginEnabled ? <FooterPrompt question="Don't have an account?" href="/register" link="Create account" /> : null}
    >
      {providers.length > 0 ? <SsoButtons providers={providers} nextPath={safeNextPath(next)} /> : null}
      {providers.length > 0 && isPasswordLoginEnabled ? <Divider /> : null}
      {isPasswordLoginEnabled ? <PasswordForm onSignedIn={(session) => signIn(session, safeNextPath(next))} /> : null}
    </AuthShell>
  );
}

function SsoButtons({ providers, nextPath }: { providers: { id: string; name: string }[]; nextPath: string }) {
  const start = useSsoSignInMutation();
  const onClick = (providerId: string) => {
    dismissAllToasts();
    start.mutate(
      { providerId, nextPath },
      {
        // The provider's page is another site: a full navigation, not a client-side route.
        onSuccess: (url) => window.location.assign(url),
        onError: (error) => toast({ title: "Login failed", description: error.message, variant: "destructive" }),
      },
    );
  };
  const isBusy = start.isPending || start.isSuccess;
  return (
    <div className="space-y-2">
      {providers.map((provider) => (
        <Button key={provider.id} variant="outline" className="w-full" disabled={isBusy} onClick={() => onClick(provider.id)}>
          {isBusy && start.variables?.providerId === provider.id ? "Redirecting..." : `Sign in with ${provider.name}`}
        </Button>
      ))}
    </div>
  );
}

function Divider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden>
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

function PasswordForm({ onSignedIn }: { onSignedIn: (session: LoginResponse) => void }) {
  const login = useLoginMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    login.mutate(
      { email, password },
      {
        onSuccess: onSignedIn,
        onError: (error) =>
          toast({ title: "Login failed", description: error.message || "Invalid email or password", variant: "destructive" }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <EmailField id="email" label="Email" placeholder="you@example.com" value={email} onChange={setEmail} />
      <PasswordField
        id="password"
        name="password"
        label="Password"
        action={
          <Link href="/forgot-password" className={`text-sm ${linkClasses}`}>
            Forgot password?
          </Link>
        }
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <SubmitButton className="w-full" isPending={login.isPending} disabled={login.isSuccess} pendingLabel="Signing in...">
        Sign in
      </SubmitButton>
    </form>
  );
}
