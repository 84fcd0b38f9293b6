// POST /api/admin/sources/{sourceId}/sync — administrators: 202 {runId}, a run started (or the one under way);
// it is stepped after the response, and by the cron endpoint wherever that stops.
import { json, route } from "@/lib/server/http/route";
import { sourceIdParamsSchema } from "@/lib/schemas/sources";
import { continueRunAfterResponse, startManualSync } from "@/lib/server/sources/start-sync";

export const POST = route({ access: "admin", params: sourceIdParamsSchema }, async ({ user, params }) => {
  const { runId } = await startManualSync({ sourceId: params.sourceId, actor: user });
  continueRunAfterResponse(runId);
  return json({ runId }, 202);
});
