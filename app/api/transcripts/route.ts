// GET /api/transcripts?startTime&endTime&page&limit[&search][&sessionId][&status][&tag...][&assignee][&feedback][&hasNotes]
// [&signal...][&questionGroup][&device][&os][&browser][&hour][&weekday][&tz][&source...]
// — signed-in users: {transcripts, total, totalPages}, newest first; each
// row carries reviewStatus, tags, assignee and noteCount.
import { route } from "@/lib/server/http/route";
import { listTranscriptsQuerySchema } from "@/lib/schemas/transcripts";
import { listTranscripts } from "@/lib/server/store";
import { repeatedParams } from "@/lib/server/review/repeated-params";

export const GET = route({ access: "user", query: listTranscriptsQuerySchema }, async ({ query, req, user }) =>
  listTranscripts(repeatedParams(query, req.nextUrl.searchParams), { userId: user.id }),
);
