import type { Metadata } from "next";
import { TranscriptDashboard } from "@/components/dashboard/transcript-dashboard";

export const metadata: Metadata = { title: "Transcript Analytics" };

export default function DashboardPage() {
  return <TranscriptDashboard />;
}
