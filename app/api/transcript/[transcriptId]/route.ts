// GET /api/transcript/{id} — signed-in users: the transcript in the platform's format, with its
// `review` (status, who set it when, assignee, tags, notes) and its `signals` (kind, the shown
// turn's messageIndex or null, reason); 404 when unknown.
import { route } from "@/lib/server/http/route";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { getReviewedTranscript } from "@/lib/server/review/get-reviewed-transcript";

export const GET = route({ access: "user", params: transcriptIdParamsSchema }, async ({ params }) =>
  getReviewedTranscript(params.transcriptId),
);
