"use client";
// Forgot password: in demo mode the answer carries the token, shown in a box
// with a way on to the reset screen; otherwise a toast tells the visitor to check their email.
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { EmailField } from "@/components/forms/credential-fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { useRequestResetMutation } from "@/lib/queries/auth";
import { AuthShell, BackToLoginLink } from "./auth-shell";

export function resetPasswordHref(token: string): string {
  return `/reset-password?token=${encodeURIComponent(token)}`;
}

export function ForgotPasswordForm() {
  const router = useRouter();
  const requestReset = useRequestResetMutation();
  const [email, setEmail] = useState("");
  const [demoToken, setDemoToken] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    setDemoToken(null);
    requestReset.mutate(
      { email },
      {
        onSuccess: (result) => {
          if (result.token) setDemoToken(result.token);
          else toast({ title: "Check your email", description: result.message });
        },
        onError: (error) => toast({ title: "Request failed", description: error.message, variant: "destructive" }),
      },
    );
  };

  return (
    <AuthShell title="Reset your password" description="Enter your email and we will send you a reset link" footer={<BackToLoginLink />}>
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Request a password reset">
        <EmailField id="email" label="Email" placeholder="you@example.com" value={email} onChange={setEmail} />
        <SubmitButton className="w-full" isPending={requestReset.isPending} pendingLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
      {demoToken ? (
        <section
          aria-labelledby="demo-token-title"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4"
          data-testid="demo-token-box"
        >
          <h2 id="demo-token-title" className="flex items-center gap-2 text-sm font-semibold text-amber-900">
            <KeyRound className="size-4" aria-hidden />
            Demo mode
          </h2>
          <p className="mt-1 text-sm text-amber-900">Emails are not sent in demo mode. Use this reset token to choose a new password.</p>
          <div className="mt-3">
            <Field id="demo-token" label="Reset token">
              <Input id="demo-token" readOnly value={demoToken} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
            </Field>
          </div>
          <Button variant="primary" className="mt-3 w-full" onClick={() => router.push(resetPasswordHref(demoToken))}>
            Continue to reset password
          </Button>
        </section>
      ) : null}
    </AuthShell>
  );
}
