// POST /api/admin/privacy/person-keys — administrators: 202 {jobId}, the job that gives every stored
// transcript the keyed hashes of the e-mail addresses and phone numbers its text still holds, so that
// erasure by person finds transcripts stored before it was kept at every way in (or the one under
// way); stepped after the response and by the cron endpoint. GET /api/admin/jobs/{jobId} follows it.
import { json, route } from "@/lib/server/http/route";
import { continueJobAfterResponse } from "@/lib/server/jobs/run-jobs";
import { startPersonKeys } from "@/lib/server/privacy/person-keys-job";

export const POST = route({ access: "admin" }, async ({ user }) => {
  const { jobId } = await startPersonKeys(user);
  continueJobAfterResponse(jobId);
  return json({ jobId }, 202);
});
