import type { Metadata } from "next";
import { ProfileSettings } from "@/components/profile/profile-settings";
import { ssoConnectMessage } from "@/lib/auth/sign-in-messages";

export const metadata: Metadata = { title: "Profile Settings · Transcript Analytics" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** `connect` is the outcome a provider's callback returns with after Connect (Sign-in methods); never shown as it is. */
export default async function ProfilePage({ searchParams }: { searchParams: SearchParams }) {
  const { connect } = await searchParams;
  return <ProfileSettings connectResult={ssoConnectMessage(typeof connect === "string" ? connect : undefined)} />;
}
