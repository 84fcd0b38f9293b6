"use client";
// Profile: a new password, proven by the current one. The spec's rules for new passwords apply
// (section 5: at least 8 characters, typed twice); every other device is signed out.
import { useState, type FormEvent } from "react";
import { dismissAllToasts, toast } from "@/components/ui/toast-store";
import {
  NEW_PASSWORD_HINT,
  NEW_PASSWORD_WORDING,
  NewPasswordFields,
  NO_NEW_PASSWORD,
  PasswordField,
  checkNewPassword,
} from "@/components/forms/credential-fields";
import { useChangePassword } from "@/lib/queries/profile";
import { failureToast } from "./failure-toast";
import { ProfileFormCard, ProfileSubmitRow } from "./profile-form-card";

export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState(NO_NEW_PASSWORD);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dismissAllToasts();
    if (!checkNewPassword(newPassword, NEW_PASSWORD_WORDING)) return;
    changePassword.mutate(
      { currentPassword, newPassword: newPassword.password },
      {
        onSuccess: ({ message }) => {
          setCurrentPassword("");
          setNewPassword(NO_NEW_PASSWORD);
          toast({ title: "Password changed", description: message, variant: "success" });
        },
        onError: failureToast("Password change failed", "Failed to change password"),
      },
    );
  };

  return (
    <ProfileFormCard title="Change Password" description="Every other device you are signed in on is signed out" onSubmit={onSubmit}>
      <PasswordField
        id="current-password"
        name="currentPassword"
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
      />
      <NewPasswordFields
        value={newPassword}
        onChange={setNewPassword}
        password={{ id: "new-password", name: "newPassword", label: "New password", hint: NEW_PASSWORD_HINT }}
        confirmation={{ id: "confirm-new-password", label: "Confirm new password" }}
      />
      <ProfileSubmitRow isPending={changePassword.isPending} pendingLabel="Changing...">
        Change password
      </ProfileSubmitRow>
    </ProfileFormCard>
  );
}
