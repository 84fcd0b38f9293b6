import type { Metadata } from "next";
import { HydrationBoundary } from "@tanstack/react-query";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { SEARCH_PARAMETER } from "@/lib/transcript-view/transcript-links";
import { transcriptFirstView } from "@/lib/server/pages/first-views";

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
  // The conversation is in the first HTML for a signed-in user.
  const state = await transcriptFirstView(id);
  // A new view for each transcript: "Next to review" goes from one to another.
  return (
    <HydrationBoundary state={state}>
      <TranscriptView key={id} transcriptId={id} search={typeof search === "string" ? search : null} />
    </HydrationBoundary>
  );
}
