import "server-only";
import { PlatformError, requestPlatform, type RequestLimits } from "./http-client";
import { SOURCE_KINDS, type RejectedTranscript, type SourceKind } from "@/lib/schemas/sources";
import { SOURCE_KIND_LABELS } from "@/lib/format/sync-run";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

// The platform's two transcript APIs, behind one shape: a window of creation times read page by
// page (a position the cursor keeps), and each transcript's whole record for importRecords.
//  - voiceflow-v1, the Transcripts API: POST /v1/transcript/project/{projectID}?take&skip&order=ASC
//    with {startDate, endDate, environmentID?} (ISO instants, both inclusive) -> {transcripts: [...]};
//    GET /v1/transcript/{transcriptID} -> {transcript: {..., logs}}.
//  - voiceflow-v2, the legacy API: GET /v2/transcripts/{projectID}?startDate&endDate (YYYY-MM-DD)
//    -> [...]; GET /v2/transcripts/{projectID}/{transcriptID} -> the dialog array. Its listing
//    has no paging, so a page is one UTC day of the window.

export const PUBLIC_BASE_URLS: Record<SourceKind, string> = {
  "voiceflow-v1": "https://analytics-api.voiceflow.com",
  "voiceflow-v2": "https://api.voiceflow.com",
};

export const V1_PAGE_SIZE = 100;

export interface PlatformConnection {
  kind: SourceKind;
  projectId: string;
  environmentId: string | null;
  baseUrl: string | null;
  apiKey: string;
}

export interface TimeWindow {
  startMs: number;
  endMs: number;
}

export interface ListedTranscript {
  id: string;
  createdAtMs: number;
  /** The platform's updatedAt in epoch ms, when the listing carries it. */
  updatedAtMs: number | null;
  item: Record<string, unknown>;
}

export interface ListedPage {
  items: ListedTranscript[];
  /** Listing entries that cannot be read at all. */
  malformed: RejectedTranscript[];
  /** The position of the next page, or null after the last one. */
  next: number | null;
  /** The creation time up to which this page has read the window. */
  reachedMs: number;
}

function endpoint(connection: PlatformConnection, path: string, query: Record<string, string | number> = {}): URL {
  const base = (connection.baseUrl ?? PUBLIC_BASE_URLS[connection.kind]).replace(/\/+$/, "");
  const url = new URL(`${base}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const instantMs = (value: unknown): number | null =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : null;

/**
 * One page of the window's listing, starting at `position` (0 for the first). A project the API
 * does not know is explained: when the other API version knows it, that is the likely fix.
 */
export async function listPage(
  connection: PlatformConnection,
  window: TimeWindow,
  position: number,
  limits: RequestLimits,
): Promise<ListedPage> {
  try {
    return await requestPage(connection, window, position, limits);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== "not-found") throw error;
    throw await unknownProjectError(connection, limits);
  }
}

async function unknownProjectError(connection: PlatformConnection, limits: RequestLimits): Promise<PlatformError> {
  const other = SOURCE_KINDS.find((kind) => kind !== connection.kind)!;
  const endMs = Date.now();
  const knowsProject = await requestPage({ ...connection, kind: other }, { startMs: endMs - DAY_MS, endMs }, 0, {
    ...limits,
    ledger: undefined,
  }).then(
    () => true,
    () => false,
  );
  return knowsProject
    ? new PlatformError(
        "not-found",
        `The ${SOURCE_KIND_LABELS[connection.kind]} does not know this project, but the ${SOURCE_KIND_LABELS[other]} does: choose that API version`,
        404,
      )
    : new PlatformError("not-found", "The platform does not know this project (check the project ID)", 404);
}

async function requestPage(
  connection: PlatformConnection,
  window: TimeWindow,
  position: number,
  limits: RequestLimits,
): Promise<ListedPage> {
  const retryKey = `list ${position}`;
  if (connection.kind === "voiceflow-v1") {
    const body = await requestPlatform({
      method: "POST",
      url: endpoint(connection, `/v1/transcript/project/${encodeURIComponent(connection.projectId)}`, {
        take: V1_PAGE_SIZE,
        skip: position,
        order: "ASC",
      }),
      apiKey: connection.apiKey,
      body: {
        startDate: new Date(window.startMs).toISOString(),
        endDate: new Date(window.endMs - 1).toISOString(),
        ...(connection.environmentId ? { environmentID: connection.environmentId } : {}),
      },
      limits,
      retryKey,
    });
    if (!isRecord(body) || !Array.isArray(body.transcripts))
      throw new PlatformError("bad-response", "The platform's transcript list has no transcripts array");
    const page = readListing(body.transcripts, "id", window);
    const isLast = body.transcripts.length < V1_PAGE_SIZE;
    const reachedMs = isLast ? window.endMs : Math.max(window.startMs, ...page.items.map((item) => item.createdAtMs));
    return { ...page, next: isLast ? null : position + body.transcripts.length, reachedMs };
  }
  const dayStart = Math.floor(window.startMs / DAY_MS) * DAY_MS + position * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  // Both bounds are days; whichever way the platform reads endDate, the next day's transcripts are
  // filtered out here and read with their own page.
  const body = await requestPlatform({
    method: "GET",
    url: endpoint(connection, `/v2/transcripts/${encodeURIComponent(connection.projectId)}`, {
      startDate: day(dayStart),
      endDate: day(dayEnd),
    }),
    apiKey: connection.apiKey,
    limits,
    retryKey,
  });
  if (!Array.isArray(body)) throw new PlatformError("bad-response", "The platform's transcript list is not an array");
  const page = readListing(body, "_id", { startMs: Math.max(dayStart, window.startMs), endMs: Math.min(dayEnd, window.endMs) });
  const isLast = dayEnd >= window.endMs;
  return { ...page, next: isLast ? null : position + 1, reachedMs: Math.min(dayEnd, window.endMs) };
}

/** Listing entries inside the window (sorted by creation), and those that cannot be read. */
function readListing(entries: unknown[], idField: "id" | "_id", window: TimeWindow): Pick<ListedPage, "items" | "malformed"> {
  const items: ListedTranscript[] = [];
  const malformed: RejectedTranscript[] = [];
  for (const entry of entries) {
    const id = isRecord(entry) ? (entry[idField] ?? entry.id ?? entry._id) : undefined;
    if (!isRecord(entry) || typeof id !== "string" || id === "") {
      malformed.push({ transcriptId: "(none)", reason: `listing entry without ${idField}` });
      continue;
    }
    const createdAtMs = instantMs(entry.createdAt);
    if (createdAtMs === null) {
      malformed.push({ transcriptId: id, reason: "listing entry without a readable createdAt" });
      continue;
    }
    if (createdAtMs < window.startMs || createdAtMs >= window.endMs) continue;
    items.push({ id, createdAtMs, updatedAtMs: instantMs(entry.updatedAt), item: entry });
  }
  items.sort((a, b) => a.createdAtMs - b.createdAtMs);
  return { items, malformed };
}

/** A transcript's whole record, in a shape the import reads (normalizeTranscript). */
export async function fetchTranscript(connection: PlatformConnection, listed: ListedTranscript, limits: RequestLimits): Promise<unknown> {
  const retryKey = `transcript ${listed.id}`;
  if (connection.kind === "voiceflow-v1") {
    const body = await requestPlatform({
      method: "GET",
      url: endpoint(connection, `/v1/transcript/${encodeURIComponent(listed.id)}`),
      apiKey: connection.apiKey,
      limits,
      retryKey,
    });
    if (!isRecord(body) || !isRecord(body.transcript)) throw new PlatformError("bad-response", "the platform's answer has no transcript");
    return withParsedLogData(body.transcript);
  }
  const dialog = await requestPlatform({
    method: "GET",
    url: endpoint(connection, `/v2/transcripts/${encodeURIComponent(connection.projectId)}/${encodeURIComponent(listed.id)}`),
    apiKey: connection.apiKey,
    limits,
    retryKey,
  });
  if (!Array.isArray(dialog)) throw new PlatformError("bad-response", "the platform's dialog is not an array");
  return { ...listed.item, dialog };
}

/** The Transcripts API documents a log's data as a string: JSON text is read into the object it holds. */
export function withParsedLogData(transcript: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(transcript.logs)) return transcript;
  const logs = transcript.logs.map((log) => {
    if (!isRecord(log) || typeof log.data !== "string") return log;
    try {
      const data: unknown = JSON.parse(log.data);
      return isRecord(data) ? { ...log, data } : log;
    } catch {
      return log;
    }
  });
  return { ...transcript, logs };
}

/** Transcripts created in the last `days` days, counted up to `cap` (a lower bound past it). */
export async function countRecentTranscripts(
  connection: PlatformConnection,
  days: number,
  cap: number,
  limits: RequestLimits,
): Promise<{ count: number; capped: boolean }> {
  const endMs = Date.now();
  const window = { startMs: endMs - days * DAY_MS, endMs };
  let count = 0;
  for (let position: number | null = 0; position !== null;) {
    const page: ListedPage = await listPage(connection, window, position, limits);
    count += page.items.length;
    if (count >= cap) return { count, capped: page.next !== null };
    position = page.next;
  }
  return { count, capped: false };
}
