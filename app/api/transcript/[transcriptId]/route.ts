// GET /api/transcript/{id} — signed-in users: the transcript in the platform's format; 404 when unknown.
import { route } from "@/lib/server/http/route";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { getTranscript } from "@/lib/server/store";

export const GET = route({ access: "user", params: transcriptIdParamsSchema }, async ({ params }) => getTranscript(params.transcriptId));
