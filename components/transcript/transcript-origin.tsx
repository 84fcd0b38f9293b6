"use client";
// The transcript page's Source field: the way in that brought the transcript, or the Voiceflow
// source by name (read only for a transcript a source brought).
import { useSourceNames } from "@/lib/queries/sources";
import { originLabel } from "@/lib/format/sync-run";

export function TranscriptOrigin({ origin }: { origin: string }) {
  const sources = useSourceNames({ enabled: origin !== "ingest" && origin !== "import" });
  return <>{originLabel(origin, sources.data)}</>;
}
