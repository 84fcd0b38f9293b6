// GET /api/admin/sources/{sourceId}/runs — administrators: the source's latest runs with their counts and rejections.
import { route } from "@/lib/server/http/route";
import { sourceIdParamsSchema } from "@/lib/schemas/sources";
import { listSyncRuns } from "@/lib/server/sources/manage-sources";

export const GET = route({ access: "admin", params: sourceIdParamsSchema }, async ({ params }) => listSyncRuns(params.sourceId));
