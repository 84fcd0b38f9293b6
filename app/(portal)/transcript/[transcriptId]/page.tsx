import type { Metadata } from "next";
import { ComingSoon } from "@/components/portal/coming-soon";

export const metadata: Metadata = { title: "Conversation Transcript · Transcript Analytics" };

export default function TranscriptPage() {
  return <ComingSoon title="Conversation Transcript" />;
}
