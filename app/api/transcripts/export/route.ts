// GET /api/transcripts/export?format=jsonl|csv&(startTime&endTime | range)[&the list's other filters]
// — signed-in users: every transcript the list's filter matches, with its conversation, review and
// ratings, streamed as JSON Lines or as CSV with one row per message, as a dated attachment.
import { route } from "@/lib/server/http/route";
import { exportTranscriptsQuerySchema } from "@/lib/schemas/transcripts";
import { exportConversations } from "@/lib/server/review/export-conversations";
import { paramsAsGiven, repeatedParams } from "@/lib/server/review/repeated-params";

export const GET = route({ access: "user", query: exportTranscriptsQuerySchema }, async ({ query, req, user }) => {
  const params = req.nextUrl.searchParams;
  const filter = paramsAsGiven(params, ["format"]);
  const exported = await exportConversations(repeatedParams(query, params), filter, user, req.signal);
  return new Response(exported.body, {
    headers: {
      "Content-Type": exported.contentType,
      "Content-Disposition": `attachment; filename="${exported.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
