// POST /api/admin/insight-settings/recompute — administrators: 202 {jobId}, the recompute of every
// stored transcript's signals by the phrase lists in force (or the one under way); it is stepped
// after the response, and by the cron endpoint wherever that stops. GET /api/admin/jobs/{jobId}
// follows it.
import { json, route } from "@/lib/server/http/route";
import { continueJobAfterResponse } from "@/lib/server/jobs/run-jobs";
import { startSignalRecompute } from "@/lib/server/insights/recompute-signals";

export const POST = route({ access: "admin" }, async ({ user }) => {
  const { jobId } = await startSignalRecompute(user);
  continueJobAfterResponse(jobId);
  return json({ jobId }, 202);
});
