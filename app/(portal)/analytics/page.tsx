import type { Metadata } from "next";
import { ComingSoon } from "@/components/portal/coming-soon";

export const metadata: Metadata = { title: "Analytics Dashboard · Transcript Analytics" };

export default function AnalyticsPage() {
  return <ComingSoon title="Analytics Dashboard" />;
}
