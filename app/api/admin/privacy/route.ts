// GET /api/admin/privacy — administrators: {redact: {email, phone, card, iban, ip}, customPatterns:
// [{name, pattern}], retentionDays}, the defaults (every built-in kind, kept for ever) until changed.
// PUT /api/admin/privacy — administrators: replaces them (audited); 400 for a custom pattern that is
// unsafe (too long, nested quantifiers, matching the empty string, too slow on adversarial text).
import { route } from "@/lib/server/http/route";
import { privacySettingsSchema } from "@/lib/schemas/privacy";
import { getPrivacySettings, updatePrivacySettings } from "@/lib/server/privacy/privacy-settings";

export const GET = route({ access: "admin" }, async () => (await getPrivacySettings()).settings);

export const PUT = route({ access: "admin", body: privacySettingsSchema }, async ({ user, body }) => updatePrivacySettings(body, user));
