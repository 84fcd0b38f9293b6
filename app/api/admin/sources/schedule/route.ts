// GET /api/admin/sources/schedule — administrators: how the sync is driven {scheduler, intervalMinutes,
// lookbackDays, lastCall, stalled}, for the Sources page.
import { route } from "@/lib/server/http/route";
import { getSyncSchedule } from "@/lib/server/sources/sync-schedule";

export const GET = route({ access: "admin" }, async () => getSyncSchedule());
