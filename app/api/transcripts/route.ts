// GET /api/transcripts?startTime&endTime&page&limit[&search][&sessionId] — signed-in users:
// {transcripts, total, totalPages}, newest first (spec section 7).
import { route } from "@/lib/server/http/route";
import { listTranscriptsQuerySchema } from "@/lib/schemas/transcripts";
import { listTranscripts } from "@/lib/server/store";

export const GET = route({ access: "user", query: listTranscriptsQuerySchema }, async ({ query }) => listTranscripts(query));
