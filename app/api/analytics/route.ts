// GET /api/analytics?startTime&endTime[&tz] — signed-in users: totals, per day and hour in the time
// zone (UTC by default) and the device, os and browser distributions.
import { route } from "@/lib/server/http/route";
import { analyticsQuerySchema } from "@/lib/schemas/analytics";
import { getAnalytics } from "@/lib/server/analytics/get-analytics";

export const GET = route({ access: "user", query: analyticsQuerySchema }, async ({ query }) => getAnalytics(query));
