import { Suspense } from "react";
import type { Metadata } from "next";
import { TranscriptDashboard } from "@/components/dashboard/transcript-dashboard";

export const metadata: Metadata = { title: "Transcript Analytics" };

export default function DashboardPage() {
  // The dashboard reads its view from the address (useSearchParams), known only in the browser.
  return (
    <Suspense>
      <TranscriptDashboard />
    </Suspense>
  );
}
