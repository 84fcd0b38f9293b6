import type { Metadata } from "next";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { SEARCH_PARAMETER } from "@/lib/transcript-view/transcript-links";

export const metadata: Metadata = { title: "Conversation Transcript · Transcript Analytics" };

/** The route segment as typed: ids with ':' arrive percent-encoded; a malformed escape stays as it is. */
function segmentValue(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export default async function TranscriptPage({
  params,
  searchParams,
}: {
  params: Promise<{ transcriptId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { transcriptId } = await params;
  const id = segmentValue(transcriptId);
  const search = (await searchParams)[SEARCH_PARAMETER];
  // A new view for each transcript: "Next to review" goes from one to another.
  return <TranscriptView key={id} transcriptId={id} search={typeof search === "string" ? search : null} />;
}
