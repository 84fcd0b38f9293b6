// GET /api/admin/jobs/{jobId} — administrators: a background job's {status, done, total}.
import { route } from "@/lib/server/http/route";
import { jobIdParamsSchema } from "@/lib/schemas/sources";
import { getJob } from "@/lib/server/jobs/get-job";

export const GET = route({ access: "admin", params: jobIdParamsSchema }, async ({ params }) => getJob(params.jobId));
