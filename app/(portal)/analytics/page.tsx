import type { Metadata } from "next";
import { AnalyticsDashboard } from "@/components/analytics/analytics-dashboard";

export const metadata: Metadata = { title: "Analytics Dashboard · Transcript Analytics" };

export default function AnalyticsPage() {
  return <AnalyticsDashboard />;
}
