import type { Metadata } from "next";
import { FeedbackManagement } from "@/components/feedback-admin/feedback-management";

export const metadata: Metadata = { title: "Feedback Management · Transcript Analytics" };

export default function FeedbackManagementPage() {
  return <FeedbackManagement />;
}
