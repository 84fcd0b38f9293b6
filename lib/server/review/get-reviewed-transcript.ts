import "server-only";
import { getTranscript } from "../store";
import { getTranscriptReview } from "./get-transcript-review";

/** Signed-in users: one transcript in the platform's format with its `review`; throws NOT_FOUND when unknown. */
export async function getReviewedTranscript(transcriptId: string) {
  const [transcript, review] = await Promise.all([getTranscript(transcriptId), getTranscriptReview(transcriptId)]);
  return { ...transcript, review };
}
