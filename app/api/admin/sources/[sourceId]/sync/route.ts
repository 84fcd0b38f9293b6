// POST /api/admin/sources/{sourceId}/sync — administrators: 202 {runId}, a run started (or the one under way);
// it is stepped after the response, and by the cron endpoint wherever that stops.
import { json, route } from "@/lib/server/http/route";
import { sourceIdParamsSchema } from "@/lib/schemas/sources";
import { startManualSync } from "@/lib/server/sources/start-sync";
import { continueJobAfterResponse } from "@/lib/server/jobs/run-jobs";

export const POST = route({ access: "admin", params: sourceIdParamsSchema }, async ({ user, params }) => {
  const { runId } = await startManualSync({ sourceId: params.sourceId, actor: user });
  continueJobAfterResponse(runId);
  return json({ runId }, 202);
});
