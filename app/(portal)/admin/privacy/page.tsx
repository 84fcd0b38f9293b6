import type { Metadata } from "next";
import { PrivacySettingsAdmin } from "@/components/privacy/privacy-settings-admin";

export const metadata: Metadata = { title: "Privacy · Transcript Analytics" };

export default function PrivacySettingsPage() {
  return <PrivacySettingsAdmin />;
}
