// Contracts of the administrators' sources (the bot platform projects the portal syncs from), their
// sync runs, and background jobs.
import { z } from "zod";

export const SOURCE_KINDS = ["voiceflow-v1", "voiceflow-v2"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_NAME_MAX_LENGTH = 100;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const name = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(SOURCE_NAME_MAX_LENGTH, `Name must be at most ${SOURCE_NAME_MAX_LENGTH} characters`);
const platformId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(ID_PATTERN, `${label} must be 1-64 letters, digits, '-' or '_'`);
const apiKey = z
  .string({ error: "API key is required" })
  .trim()
  .min(8, "API key is too short")
  .max(512, "API key is too long")
  .regex(/^[\x21-\x7e]+$/, "API key must be printable characters without spaces");
/** Empty means none: forms send "" for a cleared field. */
const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => null), z.null(), schema]).optional();
const baseUrl = z
  .string()
  .trim()
  .max(300, "Base URL is too long")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Base URL must be an http(s) address without credentials");
const startDate = z
  .string()
  .regex(DAY_PATTERN, "Start date must be YYYY-MM-DD")
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "Start date is not a date",
  );

const kind = z.enum(SOURCE_KINDS, { error: "Kind must be voiceflow-v1 or voiceflow-v2" });

/** POST /api/admin/sources */
export const createSourceSchema = z
  .object({
    name,
    kind,
    projectId: platformId("Project ID"),
    apiKey,
    environmentId: optional(platformId("Environment ID")),
    baseUrl: optional(baseUrl),
    startDate: startDate.optional(),
  })
  .strict();
export type CreateSourceInput = z.input<typeof createSourceSchema>;

/**
 * PATCH /api/admin/sources/{sourceId}: any subset; a new apiKey replaces the stored one. A base URL
 * on another address (sourceAddress) needs the apiKey in the same request.
 */
export const updateSourceSchema = z
  .object({
    name,
    kind,
    projectId: platformId("Project ID"),
    apiKey,
    environmentId: optional(platformId("Environment ID")),
    baseUrl: optional(baseUrl),
    startDate,
    paused: z.boolean(),
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Nothing to change");
export type UpdateSourceInput = z.input<typeof updateSourceSchema>;

/** Why a change of address without the API key is refused: the stored key goes only where it was entered for. */
export const API_KEY_FOR_NEW_ADDRESS = "Enter the API key again to send it to a new address";

/**
 * Where a source's API key is sent, for comparing two settings: the base URL's origin, or "" for
 * the platform's own public hosts (a null base URL, whichever API version).
 */
export function sourceAddress(baseUrl: string | null | undefined): string {
  if (!baseUrl) return "";
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/** Route parameter of /api/admin/sources/{sourceId}/... */
export const sourceIdParamsSchema = z.object({ sourceId: z.string().regex(ID_PATTERN, "Invalid source id") });
export const jobIdParamsSchema = z.object({ jobId: z.string().regex(ID_PATTERN, "Invalid job id") });

/** DELETE /api/admin/sources/{sourceId}?withTranscripts=true */
export const deleteSourceQuerySchema = z.object({ withTranscripts: z.enum(["true", "false"]).optional() }).strict();

export type SourceStatus = "idle" | "running" | "failed";
export type SyncRunStatus = "running" | "succeeded" | "failed" | "cancelled";

export interface RejectedTranscript {
  transcriptId: string;
  reason: string;
}

export interface SyncRunDto {
  id: string;
  trigger: "manual" | "schedule";
  startedAt: string;
  finishedAt: string | null;
  status: SyncRunStatus;
  pages: number;
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Every rejection of the run; `rejected` lists the first of them. */
  rejectedCount: number;
  rejected: RejectedTranscript[];
  /** How far through its window the run has read, 0-1. */
  progress: number;
  error: string | null;
}

export interface SourceDto {
  id: string;
  name: string;
  kind: SourceKind;
  projectId: string;
  environmentId: string | null;
  baseUrl: string | null;
  startDate: string;
  paused: boolean;
  /** Why the portal paused it by itself (runs that kept failing); null otherwise. */
  pausedReason: string | null;
  lastSyncAt: string | null;
  /** When it is next due for a scheduled run (not before now); null while it runs or is paused. */
  nextSyncAt: string | null;
  status: SourceStatus;
  lastRun: SyncRunDto | null;
  createdAt: string;
}

/** The ways of driving the sync: a server's own scheduler, the cron endpoint, `npm run sync`. */
export type SyncDriver = "scheduler" | "cron" | "command";

/** GET /api/admin/sources/schedule */
export interface SyncScheduleDto {
  /** Whether the server that answered runs the scheduler (npm start, SYNC_SCHEDULER not off). */
  scheduler: boolean;
  intervalMinutes: number;
  lookbackDays: number;
  /** The latest call of any way of driving the sync. */
  lastCall: { driver: SyncDriver; at: string } | null;
  /** This server's scheduler is off and nothing drove the sync within two intervals. */
  stalled: boolean;
}

/** GET /api/sources: what signed-in users see of the sources, to filter and label transcripts by. */
export interface SourceNameDto {
  id: string;
  name: string;
}

/** POST /api/admin/sources/{sourceId}/test */
export interface ConnectionTestDto {
  ok: boolean;
  /** Transcripts of the last 7 days (a lower bound when the count stopped early), or null on failure. */
  found: number | null;
  message: string;
}

export interface JobDto {
  id: string;
  kind: string;
  status: "queued" | "running" | "succeeded" | "failed";
  done: number;
  total: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A job queued or running has not ended: its runner may still step it, and its page follows it. */
export function isJobUnderWay(job: { status: string } | null | undefined): boolean {
  return job?.status === "queued" || job?.status === "running";
}
