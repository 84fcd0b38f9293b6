// GET /api/transcript/{id} — signed-in users: the transcript in the platform's format, with its
// `review` (status, who set it when, assignee, tags, notes) and its `signals` (kind, the shown
// turn's messageIndex or null, reason); 404 when unknown.
import { route } from "@/lib/server/http/route";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { getTranscript } from "@/lib/server/store";
import { explainTranscriptSignals } from "@/lib/server/insights/explain-transcript-signals";
import { getTranscriptReview } from "@/lib/server/review/get-transcript-review";

export const GET = route({ access: "user", params: transcriptIdParamsSchema }, async ({ params }) => {
  const [transcript, review] = await Promise.all([getTranscript(params.transcriptId), getTranscriptReview(params.transcriptId)]);
  return { ...transcript, review, signals: await explainTranscriptSignals(transcript.dialog) };
});
