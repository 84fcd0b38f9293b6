import type { Metadata } from "next";
import { InsightSettingsAdmin } from "@/components/insights/insight-settings-admin";

export const metadata: Metadata = { title: "Insights · Transcript Analytics" };

export default function InsightSettingsPage() {
  return <InsightSettingsAdmin />;
}
