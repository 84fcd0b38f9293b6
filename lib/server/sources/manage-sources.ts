import "server-only";
import { db } from "../db";
import { AppError, badRequest, notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import { deleteTranscripts } from "../store";
import { checkSourceUrl } from "./address-guard";
import { sealSecret, SecretKeyError } from "./secret-box";
import { sourceSelect, toSourceDto, toSyncRunDto } from "./source-dto";
import type { SessionUser } from "../auth/session";
import type { SourceDto, SyncRunDto } from "@/lib/schemas/sources";
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
  return sources.map((source, index) => toSourceDto(source, runs[index]));
}

const findSources = (where: { id?: string } = {}) => db.source.findMany({ where, orderBy: { createdAt: "asc" }, select: sourceSelect });

/** Administrators: every source, oldest first, with its status and last run. */
export async function listSources(): Promise<SourceDto[]> {
  return withLastRuns(await findSources());
}

/** Administrators: one source. Throws NOT_FOUND. */
export async function getSource(sourceId: string): Promise<SourceDto> {
  const [source] = await withLastRuns(await findSources({ id: sourceId }));
  if (!source) throw notFound("Source not found");
  return source;
}

async function assertReachableBaseUrl(baseUrl: string | null | undefined): Promise<void> {
  if (!baseUrl) return;
  const problem = await checkSourceUrl(baseUrl);
  if (problem) throw badRequest(problem);
}

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
 * Administrators: changes a source, audited (a new key is recorded as changed, never shown).
 * Reading another project, environment, host or start date starts its history again from the start
 * date. Throws NOT_FOUND, BAD_REQUEST.
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
  const restartsHistory = ["projectId", "environmentId", "baseUrl", "startDate"].some((key) => key in changed);
  await db.$transaction(async (tx) => {
    await tx.source.update({
      where: { id: sourceId },
      data: { ...changed, ...(apiKey ? { apiKeySealed: seal(apiKey) } : {}), ...(restartsHistory ? { syncedUntil: null } : {}) },
    });
    await recordAuditEvent(tx, {
      actor,
      action: "source.update",
      targetType: "source",
      targetId: sourceId,
      targetLabel: input.name ?? source.name,
      details: { ...changed, ...(apiKey ? { apiKey: "changed" } : {}) },
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
