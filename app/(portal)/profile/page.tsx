import type { Metadata } from "next";
import { ProfileSettings } from "@/components/profile/profile-settings";

export const metadata: Metadata = { title: "Profile Settings · Transcript Analytics" };

export default function ProfilePage() {
  return <ProfileSettings />;
}
