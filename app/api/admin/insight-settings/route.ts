// GET /api/admin/insight-settings — administrators: the fallback and handoff phrase lists.
// PUT /api/admin/insight-settings {fallbackPhrases[], handoffPhrases[]} — administrators: replaces
// both lists (audited); answers the lists as stored.
import { route } from "@/lib/server/http/route";
import { insightSettingsSchema } from "@/lib/schemas/insights";
import { getInsightSettings, updateInsightSettings } from "@/lib/server/insights/insight-settings";

export const GET = route({ access: "admin" }, async () => getInsightSettings());

export const PUT = route({ access: "admin", body: insightSettingsSchema }, async ({ user, body }) => updateInsightSettings(body, user));
