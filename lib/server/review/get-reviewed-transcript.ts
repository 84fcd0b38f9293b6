import "server-only";
import { getTranscript } from "../store";
import { explainTranscriptSignals } from "../insights/explain-transcript-signals";
import { getTranscriptReview } from "./get-transcript-review";

/**
 * Signed-in users: one transcript in the platform's format with its `review` and its `signals`
 * (kind, the shown turn's messageIndex or null, reason); throws NOT_FOUND when unknown.
 */
export async function getReviewedTranscript(transcriptId: string) {
  const [transcript, review] = await Promise.all([getTranscript(transcriptId), getTranscriptReview(transcriptId)]);
  return { ...transcript, review, signals: await explainTranscriptSignals(transcript.dialog) };
}
