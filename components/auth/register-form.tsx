"use client";
// Spec sections 2, 4 and 5 (Registration): matching passwords of at least 8 characters; on success
// the server's message shows for 8 seconds and the visitor is sent to /login after 2 seconds.
import { useEffect, useState, type FormEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Field } from "@/components/ui/field";
import { CenteredMessage } from "@/components/ui/centered-message";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";
import { REDIRECT_DELAY_MS, REGISTER_TOAST_DURATION_MS } from "@/lib/client/durations";
import { useRegisterMutation } from "@/lib/queries/auth";
import { AuthShell, linkClasses } from "./auth-shell";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";

export function RegisterForm() {
  const router = useRouter();
  const { isChecking } = useRedirectIfSignedIn();
  const register = useRegisterMutation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  useEffect(() => {
    if (!register.isSuccess) return;
    const timer = setTimeout(() => router.push("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [register.isSuccess, router]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (password !== confirmPassword) {
      toast({ title: "Passwords don't match", description: "Please ensure both passwords are identical", variant: "destructive" });
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: "Password too short",
        description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
        variant: "destructive",
      });
      return;
    }
    register.mutate(
      { email, password },
      {
        onSuccess: (result) =>
          toast({
            title: "Registration successful",
            description: result.message,
            variant: "success",
            duration: REGISTER_TOAST_DURATION_MS,
          }),
        onError: (error) =>
          toast({ title: "Registration failed", description: error.message || "Could not create account", variant: "destructive" }),
      },
    );
  };

  if (isChecking) return <CenteredMessage text="Loading..." isBusy />;

  return (
    <AuthShell
      title="Create account"
      description="Get started with your agent transcript portal"
      footer={
        <>
          Already have an account?{" "}
          <Link href="/login" className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Create account">
        <Field id="email" label="Email">
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="you@example.com"
          />
        </Field>
        <Field id="password" label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
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
        <Button type="submit" className="w-full" disabled={register.isPending || register.isSuccess}>
          {register.isPending ? "Creating account..." : "Create account"}
        </Button>
      </form>
    </AuthShell>
  );
}
