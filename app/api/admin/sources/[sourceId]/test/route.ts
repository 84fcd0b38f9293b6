// POST /api/admin/sources/{sourceId}/test — administrators: {ok, found, message}, what the platform gives for the last 7 days.
import { route } from "@/lib/server/http/route";
import { sourceIdParamsSchema } from "@/lib/schemas/sources";
import { testSourceConnection } from "@/lib/server/sources/test-connection";

export const POST = route({ access: "admin", params: sourceIdParamsSchema }, async ({ params }) => testSourceConnection(params.sourceId));
