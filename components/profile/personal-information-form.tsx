"use client";
// Profile: e-mail and name, sending only what changed. A new e-mail also
// needs the current password, asked for as soon as the address differs; with mail configured the
// server keeps the old address until the new one is confirmed by its link.
import { useState, type FormEvent } from "react";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { toast } from "@/components/ui/toast-store";
import { EmailField, PasswordField } from "@/components/forms/credential-fields";
import { useUpdateProfile } from "@/lib/queries/profile";
import { useSession } from "@/lib/client/session";
import { hasChanges, profileChanges } from "@/lib/format/profile-changes";
import type { ProfileDto } from "@/lib/schemas/users";
import { failureToast } from "./failure-toast";
import { ProfileFormCard, ProfileSubmitRow } from "./profile-form-card";

export function PersonalInformationForm({ profile }: { profile: ProfileDto }) {
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const [email, setEmail] = useState(profile.email);
  const [name, setName] = useState(profile.name ?? "");
  const [currentPassword, setCurrentPassword] = useState("");
  const isEmailChanged = profileChanges(profile, { email, name }).email !== undefined;
  const pendingEmailHint = profile.pendingEmail
    ? `Waiting for confirmation of ${profile.pendingEmail}: open the link sent to that address.`
    : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = profileChanges(profile, { email, name });
    if (!hasChanges(changes)) {
      toast({ title: "No changes", description: "You haven't made any changes to your profile" });
      return;
    }
    update.mutate(changes.email === undefined ? changes : { ...changes, currentPassword }, {
      onSuccess: (saved) => {
        updateUser({ email: saved.email, name: saved.name });
        setEmail(saved.email);
        setName(saved.name ?? "");
        setCurrentPassword("");
        if (saved.message) toast({ title: "Confirm your new email address", description: saved.message, variant: "success" });
        else toast({ title: "Profile updated", description: "Your changes have been saved", variant: "success" });
      },
      onError: failureToast("Update failed", "Failed to update profile"),
    });
  };

  return (
    <ProfileFormCard title="Personal Information" description="Update your e-mail address and name" onSubmit={onSubmit}>
      <EmailField id="profile-email" label="Email Address" hint={pendingEmailHint} value={email} onChange={setEmail} />
      {isEmailChanged ? (
        <PasswordField
          id="profile-current-password"
          name="currentPassword"
          label="Current Password"
          hint="Needed to change your email address"
          autoComplete="current-password"
          value={currentPassword}
          onChange={setCurrentPassword}
        />
      ) : null}
      <Field id="profile-name" label="Full Name">
        <Input
          id="profile-name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Your name"
        />
      </Field>
      <ProfileSubmitRow isPending={update.isPending} pendingLabel="Saving...">
        Save Changes
      </ProfileSubmitRow>
    </ProfileFormCard>
  );
}
