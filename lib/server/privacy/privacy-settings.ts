import "server-only";
import { db } from "../db";
import { badRequest } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { compilePattern } from "@/lib/privacy/pattern-engine";
import { redactorFor } from "@/lib/privacy/redactor";
import { DEFAULT_PRIVACY_SETTINGS, patternLabel, privacySettingsSchema, type PrivacySettings } from "@/lib/schemas/privacy";

/** The single row's id. */
const SETTINGS_ID = 1;

/** The settings in force with their version (0 until an administrator saves them). */
export interface VersionedPrivacySettings {
  settings: PrivacySettings;
  version: number;
}

/**
 * The settings last read, kept only while the row's version is unchanged: the row is read on every
 * call (a change on another instance applies at once), the JSON is parsed, and the redactor built
 * from it (redactorFor keys on this object), once per version.
 */
let lastRead: VersionedPrivacySettings = { settings: DEFAULT_PRIVACY_SETTINGS, version: 0 };

/** The privacy settings in force: redaction of every built-in kind and no retention until changed. */
export async function getPrivacySettings(): Promise<VersionedPrivacySettings> {
  const row = await db.privacySettings.findUnique({ where: { id: SETTINGS_ID } });
  if (!row) return { settings: DEFAULT_PRIVACY_SETTINGS, version: 0 };
  if (row.version !== lastRead.version) {
    const settings = privacySettingsSchema.parse({
      redact: JSON.parse(row.redact) as unknown,
      customPatterns: JSON.parse(row.customPatterns) as unknown,
      retentionDays: row.retentionDays,
    });
    lastRead = { settings, version: row.version };
    for (const { name, message } of redactorFor(settings).unusablePatterns) {
      console.warn(`Custom pattern ${name} is not applied: ${message}. Change it on the Privacy page.`);
    }
  }
  return lastRead;
}

/**
 * PUT /api/admin/privacy: replaces the settings. Every custom pattern is first compiled by the
 * engine that runs it (400 naming the pattern by its place when it cannot be one). New
 * transcripts are redacted by the new settings at once; stored ones when an administrator applies
 * them. The change and its audit entry commit together.
 */
export async function updatePrivacySettings(settings: PrivacySettings, actor: SessionUser): Promise<PrivacySettings> {
  settings.customPatterns.forEach(({ pattern }, index) => {
    const compiled = compilePattern(pattern);
    if (!compiled.ok) throw badRequest(`${patternLabel(index)}: ${compiled.message}`);
  });
  const redact = JSON.stringify(settings.redact);
  const customPatterns = JSON.stringify(settings.customPatterns);
  await db.$transaction(async (tx) => {
    const saved = await tx.privacySettings.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, redact, customPatterns, retentionDays: settings.retentionDays, version: 1 },
      update: { redact, customPatterns, retentionDays: settings.retentionDays, version: { increment: 1 } },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "privacy_settings.update",
      targetType: "privacy_settings",
      targetId: String(SETTINGS_ID),
      targetLabel: "Privacy settings",
      details: { ...settings, version: saved.version },
    });
  });
  return settings;
}
