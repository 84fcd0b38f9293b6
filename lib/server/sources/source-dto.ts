import "server-only";
import { nextSyncAt } from "./sync-schedule";
import type { RejectedTranscript, SourceDto, SourceKind, SourceStatus, SyncRunDto, SyncRunStatus } from "@/lib/schemas/sources";

// Rows to the API's shapes. The sealed API key is never selected into these.

export const sourceSelect = {
  id: true,
  name: true,
  kind: true,
  projectId: true,
  environmentId: true,
  baseUrl: true,
  startDate: true,
  paused: true,
  pausedReason: true,
  lastSyncAt: true,
  activeRunId: true,
  createdAt: true,
} as const;

export interface SourceRow {
  id: string;
  name: string;
  kind: string;
  projectId: string;
  environmentId: string | null;
  baseUrl: string | null;
  startDate: string;
  paused: boolean;
  pausedReason: string | null;
  lastSyncAt: Date | null;
  activeRunId: string | null;
  createdAt: Date;
}

export interface SyncRunRow {
  id: string;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  status: string;
  windowStart: Date;
  windowEnd: Date;
  reachedAt: Date | null;
  pages: number;
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  rejectedCount: number;
  rejected: string;
  error: string | null;
}

export function toSyncRunDto(run: SyncRunRow): SyncRunDto {
  const span = run.windowEnd.getTime() - run.windowStart.getTime();
  const reached = run.reachedAt ? run.reachedAt.getTime() - run.windowStart.getTime() : 0;
  return {
    id: run.id,
    trigger: run.trigger as SyncRunDto["trigger"],
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    status: run.status as SyncRunStatus,
    pages: run.pages,
    fetched: run.fetched,
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    rejectedCount: run.rejectedCount,
    rejected: JSON.parse(run.rejected) as RejectedTranscript[],
    progress: run.status === "succeeded" || span <= 0 ? 1 : Math.min(1, Math.max(0, reached / span)),
    error: run.error,
  };
}

export function toSourceDto(source: SourceRow, lastRun: SyncRunRow | null, nowMs: number): SourceDto {
  const status: SourceStatus = source.activeRunId ? "running" : lastRun?.status === "failed" ? "failed" : "idle";
  return {
    id: source.id,
    name: source.name,
    kind: source.kind as SourceKind,
    projectId: source.projectId,
    environmentId: source.environmentId,
    baseUrl: source.baseUrl,
    startDate: source.startDate,
    paused: source.paused,
    pausedReason: source.pausedReason,
    lastSyncAt: source.lastSyncAt?.toISOString() ?? null,
    nextSyncAt: nextSyncAt(source, lastRun?.startedAt ?? null, nowMs)?.toISOString() ?? null,
    status,
    lastRun: lastRun ? toSyncRunDto(lastRun) : null,
    createdAt: source.createdAt.toISOString(),
  };
}
