// PATCH /api/transcript/{id}/review {status?, assigneeId? (null clears), addTagIds?, removeTagIds?}
// — approved users: the transcript's review as GET /api/transcript/{id} carries it; 404 for an
// unknown transcript, tag or user.
import { route } from "@/lib/server/http/route";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { reviewChangeSchema } from "@/lib/schemas/review";
import { updateTranscriptReview } from "@/lib/server/review/update-transcript-review";

export const PATCH = route({ access: "user", params: transcriptIdParamsSchema, body: reviewChangeSchema }, async ({ params, body, user }) =>
  updateTranscriptReview(params.transcriptId, body, user),
);
