// POST /api/admin/privacy/apply — administrators: 202 {jobId}, the redaction of every stored
// transcript by the settings in force (or the one under way); it is stepped after the response, and
// by the cron endpoint wherever that stops. GET /api/admin/jobs/{jobId} follows it.
import { json, route } from "@/lib/server/http/route";
import { continueJobAfterResponse } from "@/lib/server/jobs/run-jobs";
import { startRedaction } from "@/lib/server/privacy/apply-redaction";

export const POST = route({ access: "admin" }, async ({ user }) => {
  const { jobId } = await startRedaction(user);
  continueJobAfterResponse(jobId);
  return json({ jobId }, 202);
});
