import "server-only";
import { db } from "../db";
import { AppError, badRequest, notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import { deleteTranscripts } from "../store";
import { checkSourceUrl, privateHostsAllowed } from "./address-guard";
import { PLAIN_HTTP_REFUSED } from "./http-client";
import { PUBLIC_BASE_URLS } from "./voiceflow-api";
import { sealSecret, SecretKeyError } from "./secret-box";
import { sourceSelect, toSourceDto, toSyncRunDto } from "./source-dto";
import type { SessionUser } from "../auth/session";
import {
  API_KEY_FOR_NEW_ADDRESS,
  sourceAddress,
  type SourceDto,
  type SourceKind,
  type SourceNameDto,
  type SyncRunDto,
} from "@/lib/schemas/sources";
import type { z } from "zod";
import type { createSourceSchema, updateSourceSchema } from "@/lib/schemas/sources";

type Actor = Pick<SessionUser, "id" | "email">;
type CreateSource = z.output<typeof createSourceSchema>;
type UpdateSource = z.output<typeof updateSourceSchema>;

/** The start date of a source created without one: 30 days back. */
const DEFAULT_HISTORY_DAYS = 30;
/** Runs the runs list shows. */
const LISTED_RUNS = 20;

async function withLastRuns(sources: Awaited<ReturnType<typeof findSources>>): Promise<SourceDto[]> {
  const runs = await Promise.all(
    sources.map((source) => db.syncRun.findFirst({ where: { sourceId: source.id }, orderBy: { startedAt: "desc" } })),
  );
  const nowMs = Date.now();
  return sources.map((source, index) => toSourceDto(source, runs[index], nowMs));
}

const findSources = (where: { id?: string } = {}) => db.source.findMany({ where, orderBy: { createdAt: "asc" }, select: sourceSelect });

/** Administrators: every source, oldest first, with its status and last run. */
export async function listSources(): Promise<SourceDto[]> {
  return withLastRuns(await findSources());
}

/** Signed-in users: every source's id and name, oldest first. */
export async function listSourceNames(): Promise<SourceNameDto[]> {
  return db.source.findMany({ orderBy: { createdAt: "asc" }, select: { id: true, name: true } });
}

/** Administrators: one source. Throws NOT_FOUND. */
export async function getSource(sourceId: string): Promise<SourceDto> {
  const [source] = await withLastRuns(await findSources({ id: sourceId }));
  if (!source) throw notFound("Source not found");
  return source;
}

/** A base URL the API key may be sent to: a public host over https (private hosts and http:// with SOURCES_ALLOW_PRIVATE_HOSTS=1). */
async function assertReachableBaseUrl(baseUrl: string | null | undefined): Promise<void> {
  if (!baseUrl) return;
  const problem = await checkSourceUrl(baseUrl);
  if (problem) throw badRequest(problem);
  if (new URL(baseUrl).protocol !== "https:" && !privateHostsAllowed()) throw badRequest(PLAIN_HTTP_REFUSED);
}

/** The origin a source's requests go to: its base URL's, or the public host of its API version. */
const requestOrigin = (kind: string, baseUrl: string | null) => new URL(baseUrl ?? PUBLIC_BASE_URLS[kind as SourceKind]).origin;

function seal(apiKey: string): string {
  try {
    return sealSecret(apiKey);
  } catch (error) {
    if (error instanceof SecretKeyError) throw new AppError("SERVICE_UNAVAILABLE", `Sources cannot be saved: ${error.message}`);
    throw error;
  }
}

/** Administrators: a new source, audited; its API key is sealed and never returned. Throws BAD_REQUEST, SERVICE_UNAVAILABLE without an encryption key. */
export async function createSource({ input, actor }: { input: CreateSource; actor: Actor }): Promise<SourceDto> {
  await assertReachableBaseUrl(input.baseUrl);
  const startDate = input.startDate ?? new Date(Date.now() - DEFAULT_HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const created = await db.$transaction(async (tx) => {
    const row = await tx.source.create({
      data: {
        name: input.name,
        kind: input.kind,
        projectId: input.projectId,
        environmentId: input.environmentId ?? null,
        baseUrl: input.baseUrl ?? null,
        startDate,
        apiKeySealed: seal(input.apiKey),
      },
      select: { id: true },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "source.create",
      targetType: "source",
      targetId: row.id,
      targetLabel: input.name,
      details: { kind: input.kind, projectId: input.projectId },
    });
    return row;
  });
  return getSource(created.id);
}

/**
 * Administrators: changes a source, audited (a new key is recorded as changed, never shown; a new
 * address names the old and new origin). A base URL on another address needs the API key in the
 * same request, so that a stored key is never sent where it was not entered for. Reading another
 * API version, project, environment, host or start date starts its history again from the start
 * date; resuming or pausing clears the reason of a pause the portal made. Throws NOT_FOUND, BAD_REQUEST.
 */
export async function updateSource({
  sourceId,
  input,
  actor,
}: {
  sourceId: string;
  input: UpdateSource;
  actor: Actor;
}): Promise<SourceDto> {
  const source = await db.source.findUnique({ where: { id: sourceId }, select: sourceSelect });
  if (!source) throw notFound("Source not found");
  await assertReachableBaseUrl(input.baseUrl);
  const { apiKey, ...fields } = input;
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => source[key as keyof typeof source] !== value));
  const baseUrl = input.baseUrl === undefined ? source.baseUrl : input.baseUrl;
  if (!apiKey && sourceAddress(baseUrl) !== sourceAddress(source.baseUrl)) throw badRequest(API_KEY_FOR_NEW_ADDRESS);
  const origin = { from: requestOrigin(source.kind, source.baseUrl), to: requestOrigin(input.kind ?? source.kind, baseUrl) };
  const restartsHistory = ["kind", "projectId", "environmentId", "baseUrl", "startDate"].some((key) => key in changed);
  await db.$transaction(async (tx) => {
    await tx.source.update({
      where: { id: sourceId },
      data: {
        ...changed,
        ...(apiKey ? { apiKeySealed: seal(apiKey) } : {}),
        ...(restartsHistory ? { syncedUntil: null } : {}),
        ...("paused" in changed ? { pausedReason: null } : {}),
      },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "source.update",
      targetType: "source",
      targetId: sourceId,
      targetLabel: input.name ?? source.name,
      details: { ...changed, ...(apiKey ? { apiKey: "changed" } : {}), ...(origin.from !== origin.to ? { origin } : {}) },
    });
  });
  return getSource(sourceId);
}

/**
 * Administrators: deletes a source and its runs, audited; with `withTranscripts`, also every
 * transcript it brought (their feedback, search rows and analytics counts go with them). A run
 * under way ends at its next step. Throws NOT_FOUND.
 */
export async function deleteSource({
  sourceId,
  withTranscripts,
  actor,
}: {
  sourceId: string;
  withTranscripts: boolean;
  actor: Actor;
}): Promise<{ ok: true; transcriptsDeleted: number }> {
  const source = await db.source.findUnique({ where: { id: sourceId }, select: { id: true, name: true } });
  if (!source) throw notFound("Source not found");
  let transcriptsDeleted = 0;
  if (withTranscripts) {
    for (;;) {
      const links = await db.sourceTranscript.findMany({ where: { sourceId }, select: { transcriptId: true }, take: 500 });
      if (links.length === 0) break;
      const ids = links.map((link) => link.transcriptId);
      transcriptsDeleted += await deleteTranscripts(ids);
      await db.sourceTranscript.deleteMany({ where: { sourceId, transcriptId: { in: ids } } });
    }
  }
  await db.$transaction(async (tx) => {
    await tx.source.delete({ where: { id: sourceId } });
    await recordAuditEvent(tx, {
      actor,
      action: "source.delete",
      targetType: "source",
      targetId: sourceId,
      targetLabel: source.name,
      details: withTranscripts ? { withTranscripts: true, transcriptsDeleted } : undefined,
    });
  });
  return { ok: true, transcriptsDeleted };
}

/** Administrators: the source's latest runs, newest first. Throws NOT_FOUND. */
export async function listSyncRuns(sourceId: string): Promise<SyncRunDto[]> {
  const source = await db.source.findUnique({ where: { id: sourceId }, select: { id: true } });
  if (!source) throw notFound("Source not found");
  const runs = await db.syncRun.findMany({ where: { sourceId }, orderBy: { startedAt: "desc" }, take: LISTED_RUNS });
  return runs.map(toSyncRunDto);
}
