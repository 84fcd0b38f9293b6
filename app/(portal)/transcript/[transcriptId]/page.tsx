import type { Metadata } from "next";
import { TranscriptView } from "@/components/transcript/transcript-view";

export const metadata: Metadata = { title: "Conversation Transcript · Transcript Analytics" };

/** The route segment as typed: ids with ':' arrive percent-encoded; a malformed escape stays as it is. */
function segmentValue(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function TranscriptPage({ params }: { params: Promise<{ transcriptId: string }> }) {
  const { transcriptId } = await params;
  const id = segmentValue(transcriptId);
  // A new view for each transcript: "Next to review" goes from one to another.
  return <TranscriptView key={id} transcriptId={id} />;
}
