// GET /api/admin/privacy — administrators: {redact: {email, phone, card, iban, ip}, customPatterns:
// [{name, pattern}], retentionDays}, the defaults (every built-in kind, kept for ever) until changed.
// PUT /api/admin/privacy — administrators: replaces them (audited); 400 naming the pattern by its
// place ("Pattern 2: ...") for one the linear-time engine cannot run or that matches an empty text.
import { route } from "@/lib/server/http/route";
import { privacySettingsRequestSchema } from "@/lib/schemas/privacy";
import { getPrivacySettings, updatePrivacySettings } from "@/lib/server/privacy/privacy-settings";

export const GET = route({ access: "admin" }, async () => (await getPrivacySettings()).settings);

export const PUT = route({ access: "admin", body: privacySettingsRequestSchema }, async ({ user, body }) =>
  updatePrivacySettings(body, user),
);
