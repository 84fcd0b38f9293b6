import "server-only";
import { db } from "../db";
import { notFound } from "../http/app-error";
import { BudgetExhaustedError } from "../jobs/job-kinds";
import { PlatformError } from "./http-client";
import { openSecret, SecretKeyError } from "./secret-box";
import { countRecentTranscripts } from "./voiceflow-api";
import type { ConnectionTestDto, SourceKind } from "@/lib/schemas/sources";

const RECENT_DAYS = 7;
const COUNT_CAP = 1000;
/** An administrator is waiting: the test answers within this, whatever the platform does (README). */
export const TEST_TIME_LIMIT_SECONDS = 20;

/**
 * Administrators: asks the platform for the source's transcripts of the last 7 days, with its
 * stored key, within TEST_TIME_LIMIT_SECONDS (a request still under way then is cut); any refusal
 * comes back as {ok: false} with the platform's error in plain words. Throws NOT_FOUND.
 */
export async function testSourceConnection(sourceId: string): Promise<ConnectionTestDto> {
  const source = await db.source.findUnique({ where: { id: sourceId } });
  if (!source) throw notFound("Source not found");
  try {
    const connection = {
      kind: source.kind as SourceKind,
      projectId: source.projectId,
      environmentId: source.environmentId,
      baseUrl: source.baseUrl,
      apiKey: openSecret(source.apiKeySealed),
    };
    const limits = { deadline: Date.now() + TEST_TIME_LIMIT_SECONDS * 1000, hard: true };
    const { count, capped } = await countRecentTranscripts(connection, RECENT_DAYS, COUNT_CAP, limits);
    const amount = capped
      ? `At least ${count.toLocaleString("en-US")} transcripts`
      : count === 1
        ? "1 transcript"
        : `${count.toLocaleString("en-US")} transcripts`;
    return { ok: true, found: count, message: `Connected: ${amount} in the last ${RECENT_DAYS} days` };
  } catch (error) {
    if (error instanceof PlatformError || error instanceof SecretKeyError) return { ok: false, found: null, message: error.message };
    if (error instanceof BudgetExhaustedError)
      return { ok: false, found: null, message: `The platform did not answer within ${TEST_TIME_LIMIT_SECONDS} seconds` };
    throw error;
  }
}
