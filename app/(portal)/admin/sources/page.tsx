import type { Metadata } from "next";
import { SourcesSettings } from "@/components/sources/sources-settings";

export const metadata: Metadata = { title: "Sources · Transcript Analytics" };

export default function SourcesPage() {
  return <SourcesSettings />;
}
