"use client";
// Profile: the Personal Information form, the account's id and creation
// time, and the account's security: a new password, the single sign-on providers connected, and
// signing out of all devices.
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { CenteredMessage } from "@/components/ui/centered-message";
import { PageTitle } from "@/components/layout/page-title";
import { useProfile } from "@/lib/queries/profile";
import { errorMessage } from "@/lib/client/api-error";
import { formatDateTime, NOT_AVAILABLE } from "@/lib/format/date-time";
import type { ProfileDto } from "@/lib/schemas/users";
import { PersonalInformationForm } from "./personal-information-form";
import { ChangePasswordCard } from "./change-password-card";
import { SignOutEverywhereCard } from "./sign-out-everywhere-card";
import { SignInMethodsCard, type SignInMethodsCardProps } from "./sign-in-methods-card";

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

export function ProfileSettings({ connectResult = null }: Partial<SignInMethodsCardProps>) {
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
          <div className="space-y-6 lg:col-span-2">
            <PersonalInformationForm key={profile.data.id} profile={profile.data} />
            <ChangePasswordCard />
          </div>
          <div className="space-y-6">
            <AccountInformationCard profile={profile.data} />
            <SignInMethodsCard connectResult={connectResult} />
            <SignOutEverywhereCard />
          </div>
        </div>
      )}
    </>
  );
}
