import type { Metadata } from "next";
import { IngestKeys } from "@/components/ingest-keys/ingest-keys";

export const metadata: Metadata = { title: "Ingest Keys · Transcript Analytics" };

export default function IngestKeysPage() {
  return <IngestKeys />;
}
