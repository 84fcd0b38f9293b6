import "server-only";
import { db } from "../db";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { insightSettingsSchema, type InsightSettings } from "@/lib/schemas/insights";

/** The single row's id. */
const SETTINGS_ID = 1;

/** GET /api/admin/insight-settings: the phrase lists and platform rules, the defaults until an administrator changes them. */
export async function getInsightSettings(): Promise<InsightSettings> {
  const row = await db.insightSettings.findUnique({ where: { id: SETTINGS_ID } });
  if (!row) return DEFAULT_INSIGHT_SETTINGS;
  return insightSettingsSchema.parse({
    fallbackPhrases: JSON.parse(row.fallbackPhrases) as unknown,
    handoffPhrases: JSON.parse(row.handoffPhrases) as unknown,
    platformRules: JSON.parse(row.platformRules) as unknown,
  });
}

/**
 * PUT /api/admin/insight-settings: replaces both lists and the platform rules' switches and moves their version on, so that signals
 * derived before are stale (new transcripts take the new lists at once; stored ones at the next
 * recompute). The change and its audit entry commit together.
 */
export async function updateInsightSettings(settings: InsightSettings, actor: SessionUser): Promise<InsightSettings> {
  const fallbackPhrases = JSON.stringify(settings.fallbackPhrases);
  const handoffPhrases = JSON.stringify(settings.handoffPhrases);
  const platformRules = JSON.stringify(settings.platformRules);
  await db.$transaction(async (tx) => {
    const saved = await tx.insightSettings.upsert({
      where: { id: SETTINGS_ID },
      create: { id: SETTINGS_ID, fallbackPhrases, handoffPhrases, platformRules, version: 1 },
      update: { fallbackPhrases, handoffPhrases, platformRules, version: { increment: 1 } },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "insight_settings.update",
      targetType: "insight_settings",
      targetId: String(SETTINGS_ID),
      targetLabel: "Insight settings",
      details: {
        fallbackPhrases: settings.fallbackPhrases,
        handoffPhrases: settings.handoffPhrases,
        platformRules: settings.platformRules,
        version: saved.version,
      },
    });
  });
  return settings;
}
