import "server-only";
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from "@/lib/schemas/privacy";

/**
 * The privacy settings in force. Redaction is on by default with every built-in kind; until the
 * settings are stored, the defaults apply everywhere.
 */
export async function getPrivacySettings(): Promise<PrivacySettings> {
  return DEFAULT_PRIVACY_SETTINGS;
}
