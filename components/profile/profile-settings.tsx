"use client";
// Spec sections 2 and 5 (Profile): a form for e-mail and name that sends only what changed, and
// the account's id and creation time.
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CenteredMessage } from "@/components/ui/centered-message";
import { toast } from "@/components/ui/toast-store";
import { PageTitle } from "@/components/layout/page-title";
import { useProfile, useUpdateProfile } from "@/lib/queries/profile";
import { useSession } from "@/lib/client/session";
import { errorMessage } from "@/lib/client/api-error";
import { formatDateTime, NOT_AVAILABLE } from "@/lib/format/date-time";
import { hasChanges, profileChanges } from "@/lib/format/profile-changes";
import type { ProfileDto } from "@/lib/schemas/users";

function PersonalInformationForm({ profile }: { profile: ProfileDto }) {
  const { updateUser } = useSession();
  const update = useUpdateProfile();
  const [email, setEmail] = useState(profile.email);
  const [name, setName] = useState(profile.name ?? "");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changes = profileChanges(profile, { email, name });
    if (!hasChanges(changes)) {
      toast({ title: "No changes", description: "You haven't made any changes to your profile" });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        updateUser({ email: saved.email, name: saved.name });
        setEmail(saved.email);
        setName(saved.name ?? "");
        toast({ title: "Profile updated", description: "Your changes have been saved", variant: "success" });
      },
      onError: (error) => toast({ title: "Update failed", description: errorMessage(error, "Failed to update profile"), variant: "destructive" }),
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
          <Field id="profile-email" label="Email Address">
            <Input id="profile-email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field id="profile-name" label="Full Name">
            <Input id="profile-name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Your name" />
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

function AccountInformationCard({ profile }: { profile: ProfileDto }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Information</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-4 text-sm">
          <div>
            <dt className="font-medium text-slate-600">User ID</dt>
            <dd className="mt-1 break-all font-mono text-slate-900" data-testid="profile-user-id">
              {profile.id || NOT_AVAILABLE}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Account Created</dt>
            <dd className="mt-1 text-slate-900">{formatDateTime(profile.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function ProfileSettings() {
  const profile = useProfile();
  return (
    <>
      <PageTitle title="Profile Settings" subtitle="Manage your personal information" />
      {profile.isPending ? (
        <CenteredMessage text="Loading profile..." isBusy />
      ) : profile.isError ? (
        <Card className="p-8 text-center">
          <p className="font-medium text-red-700">Failed to load profile</p>
          <p className="mt-1 text-sm text-slate-600">{errorMessage(profile.error, "An unexpected error occurred")}</p>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <PersonalInformationForm key={profile.data.id} profile={profile.data} />
          </div>
          <AccountInformationCard profile={profile.data} />
        </div>
      )}
    </>
  );
}
