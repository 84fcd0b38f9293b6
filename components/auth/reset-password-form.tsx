"use client";
// Spec sections 2, 4 and 5 (Reset password): the token comes from the link; on success a
// confirmation shows and the visitor is sent to /login after 2 seconds.
import { useEffect, useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowLeft, CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Field } from "@/components/ui/field";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";
import { REDIRECT_DELAY_MS } from "@/lib/client/durations";
import { useResetPasswordMutation } from "@/lib/queries/auth";
import { AuthShell, linkClasses } from "./auth-shell";

export function ResetPasswordForm({ initialToken = "" }: { initialToken?: string }) {
  const router = useRouter();
  const resetPassword = useResetPasswordMutation();
  const [token, setToken] = useState(initialToken);
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  useEffect(() => {
    if (!resetPassword.isSuccess) return;
    const timer = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [resetPassword.isSuccess, router]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (password !== confirmPassword) {
      toast({ title: "Passwords don't match", description: "Please make sure both passwords are the same", variant: "destructive" });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: "Password too short",
        description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
        variant: "destructive",
      });
      return;
    }
    resetPassword.mutate(
      { token: token.trim(), password },
      { onError: (error) => toast({ title: "Reset failed", description: error.message, variant: "destructive" }) },
    );
  };

  if (resetPassword.isSuccess) {
    return (
      <AuthShell title="All set">
        <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
          <CircleCheck className="size-12 text-emerald-600" aria-hidden />
          <p className="text-slate-700">Password reset successful! Redirecting you to login...</p>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Set a new password"
      description="Enter your reset token and choose a new password"
      footer={
        <Link href="/login" className={`inline-flex items-center gap-1 ${linkClasses}`}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to login
        </Link>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Reset password">
        <Field id="token" label="Reset token">
          <Input
            id="token"
            name="token"
            required
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            className="font-mono text-xs"
          />
        </Field>
        <Field id="password" label="New password" hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby="password-hint"
          />
        </Field>
        <Field id="confirm-password" label="Confirm password">
          <PasswordInput
            id="confirm-password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? "Resetting password..." : "Reset password"}
        </Button>
      </form>
    </AuthShell>
  );
}
