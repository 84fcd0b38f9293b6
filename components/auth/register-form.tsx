"use client";
// Registration: matching passwords of at least 8 characters; on success
// the server's message shows for 8 seconds and the visitor is sent to /login after 2 seconds.
import { useState, type FormEvent } from "react";
import { CenteredMessage } from "@/components/ui/centered-message";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import {
  EmailField,
  NewPasswordFields,
  NO_NEW_PASSWORD,
  checkNewPassword,
  type NewPasswordWording,
} from "@/components/forms/credential-fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";
import { REGISTER_TOAST_DURATION_MS } from "@/lib/client/durations";
import { useRegisterMutation } from "@/lib/queries/auth";
import { AuthShell, FooterPrompt } from "./auth-shell";
import { useRedirectIfSignedIn } from "./use-redirect-if-signed-in";
import { useRedirectToLoginAfterSuccess } from "./use-redirect-to-login";

const REGISTER_PASSWORD_WORDING: NewPasswordWording = {
  mismatch: "Please ensure both passwords are identical",
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
};

export function RegisterForm() {
  const { isChecking } = useRedirectIfSignedIn();
  const register = useRegisterMutation();
  const [email, setEmail] = useState("");
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);
  useRedirectToLoginAfterSuccess(register.isSuccess);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (!checkNewPassword(newPassword, REGISTER_PASSWORD_WORDING)) return;
    register.mutate(
      { email, password: newPassword.password },
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
      footer={<FooterPrompt question="Already have an account?" href="/login" link="Sign in" />}
    >
      <form onSubmit={onSubmit} className="space-y-4" aria-label="Create account">
        <EmailField id="email" label="Email" placeholder="you@example.com" value={email} onChange={setEmail} />
        <NewPasswordFields
          value={newPassword}
          onChange={setNewPassword}
          password={{ id: "password", name: "password", label: "Password", hint: `At least ${PASSWORD_MIN_LENGTH} characters` }}
          confirmation={{ id: "confirm-password", label: "Confirm password" }}
        />
        <SubmitButton className="w-full" isPending={register.isPending} disabled={register.isSuccess} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
