"use client";
// Profile: a new password, proven by the current one. The spec's rules for new passwords apply
// (section 5: at least 8 characters, typed twice); every other device is signed out.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PasswordInput } from "@/components/ui/password-input";
import { Field } from "@/components/ui/field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import { useChangePassword } from "@/lib/queries/profile";
import { errorMessage } from "@/lib/client/api-error";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/auth";

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (newPassword !== confirmPassword) {
      toast({ title: "Passwords don't match", description: "Please make sure both passwords are the same", variant: "destructive" });
      return;
    }
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      toast({
        title: "Password too short",
        description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
        variant: "destructive",
      });
      return;
    }
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          setCurrentPassword("");
          setNewPassword("");
          setConfirmPassword("");
          toast({ title: "Password changed", description: message, variant: "success" });
        },
        onError: (error) =>
          toast({ title: "Password change failed", description: errorMessage(error, "Failed to change password"), variant: "destructive" }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>Every other device you are signed in on is signed out</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Change Password">
          <Field id="current-password" label="Current password">
            <PasswordInput
              id="current-password"
              name="currentPassword"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          </Field>
          <Field id="new-password" label="New password" hint={`Must be at least ${PASSWORD_MIN_LENGTH} characters long`}>
            <PasswordInput
              id="new-password"
              name="newPassword"
              autoComplete="new-password"
              required
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
              aria-describedby="new-password-hint"
            />
          </Field>
          <Field id="confirm-new-password" label="Confirm new password">
            <PasswordInput
              id="confirm-new-password"
              name="confirmPassword"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={changePassword.isPending} className="w-full sm:w-auto">
              {changePassword.isPending ? "Changing..." : "Change password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
