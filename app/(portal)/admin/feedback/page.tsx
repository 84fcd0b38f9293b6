import type { Metadata } from "next";
import { ComingSoon } from "@/components/portal/coming-soon";

export const metadata: Metadata = { title: "Feedback Management · Transcript Analytics" };

export default function FeedbackManagementPage() {
  return <ComingSoon title="Feedback Management" subtitle="Review feedback on bot answers" />;
}
