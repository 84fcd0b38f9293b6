"use client";
// Reset password: the token comes from the link; on success a
// confirmation shows and the visitor is sent to /login after 2 seconds.
import { useState, type FormEvent } from "react";
import { CircleCheck } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import {
  NEW_PASSWORD_HINT,
  NEW_PASSWORD_WORDING,
  NewPasswordFields,
  NO_NEW_PASSWORD,
  checkNewPassword,
} from "@/components/forms/credential-fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { useResetPasswordMutation } from "@/lib/queries/auth";
import { AuthShell, BackToLoginLink } from "./auth-shell";
import { useRedirectToLoginAfterSuccess } from "./use-redirect-to-login";

export function ResetPasswordForm({ initialToken = "" }: { initialToken?: string }) {
  const resetPassword = useResetPasswordMutation();
  const [token, setToken] = useState(initialToken);
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);
  useRedirectToLoginAfterSuccess(resetPassword.isSuccess);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (!checkNewPassword(newPassword, NEW_PASSWORD_WORDING)) return;
    resetPassword.mutate(
      { token: token.trim(), password: newPassword.password },
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
    <AuthShell title="Set a new password" description="Enter your reset token and choose a new password" footer={<BackToLoginLink />}>
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
        <NewPasswordFields
          value={newPassword}
          onChange={setNewPassword}
          password={{ id: "password", name: "password", label: "New password", hint: NEW_PASSWORD_HINT }}
          confirmation={{ id: "confirm-password", label: "Confirm password" }}
        />
        <SubmitButton className="w-full" isPending={resetPassword.isPending} pendingLabel="Resetting password...">
          Reset password
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
