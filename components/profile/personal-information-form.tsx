"use client";
// Spec sections 2 and 5 (Profile): e-mail and name, sending only what changed. A new e-mail also
// needs the current password, asked for as soon as the address differs; with mail configured the
// server keeps the old address until the new one is confirmed by its link.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Field } from "@/components/ui/field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { useUpdateProfile } from "@/lib/queries/profile";
import { useSession } from "@/lib/client/session";
import { errorMessage } from "@/lib/client/api-error";
import { hasChanges, profileChanges } from "@/lib/format/profile-changes";
import type { ProfileDto } from "@/lib/schemas/users";

export function PersonalInformationForm({ profile }: { profile: ProfileDto }) {
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const [email, setEmail] = useState(profile.email);
  const [name, setName] = useState(profile.name ?? "");
  const [currentPassword, setCurrentPassword] = useState("");
  const isEmailChanged = profileChanges(profile, { email, name }).email !== undefined;

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
      onError: (error) =>
        toast({ title: "Update failed", description: errorMessage(error, "Failed to update profile"), variant: "destructive" }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Information</CardTitle>
        <CardDescription>Update your e-mail address and name</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Personal Information">
          <Field
            id="profile-email"
            label="Email Address"
            hint={
              profile.pendingEmail ? `Waiting for confirmation of ${profile.pendingEmail}: open the link sent to that address.` : undefined
            }
          >
            <Input
              id="profile-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby={profile.pendingEmail ? "profile-email-hint" : undefined}
            />
          </Field>
          {isEmailChanged ? (
            <Field id="profile-current-password" label="Current Password" hint="Needed to change your email address">
              <PasswordInput
                id="profile-current-password"
                name="currentPassword"
                autoComplete="current-password"
                required
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
                aria-describedby="profile-current-password-hint"
              />
            </Field>
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
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
