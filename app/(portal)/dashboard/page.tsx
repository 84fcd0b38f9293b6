import type { Metadata } from "next";
import { ComingSoon } from "@/components/portal/coming-soon";

export const metadata: Metadata = { title: "Transcript Analytics" };

export default function DashboardPage() {
  return <ComingSoon title="Transcript Analytics" subtitle="View and export your AI agent conversation transcripts" />;
}
