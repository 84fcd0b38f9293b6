// Reads one transcript in any shape the bot platform produces (../shared/TRANSCRIPT-FORMAT.md)
// into the shape the portal stores: legacy transcripts with their dialog, newer logs-based ones
// (mapped onto a legacy-style dialog), flattened older exports, several launch shapes, epoch
// seconds or milliseconds. Every entry is kept as received, with a canonical `type` (the received
// one kept as `sourceType` when it differs) and a `timestamp`. The ingest API, the import command
// and the seed generator all go through here.
import { attributeSpelling, type AttributeDimension } from "./attribute-names";
import { canonicalInstantMs, isoInstant, parseInstant } from "./instant";
import { stableId } from "./stable-id";
import { isPlainObject, type DialogEntry, type TranscriptRecord } from "./types";

/** Ids travel in URLs (/transcript/{id}): letters, digits and . _ : - only. */
export const TRANSCRIPT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
export const SESSION_ID_MAX_LENGTH = 256;
export const MAX_DIALOG_ENTRIES = 20_000;
/** Far deeper than any real transcript (about 20 levels); deeper ones cannot be serialised safely. */
export const MAX_NESTING_DEPTH = 100;
const ATTRIBUTE_MAX_LENGTH = 100;

export type NormalizeResult = { ok: true; record: TranscriptRecord } | { ok: false; id?: string; reason: string };

/** Identity for a record that cannot carry its own (a bare dialog array named by its file). */
export interface RecordFallback {
  id: string;
  sessionId: string;
}

const TOP_LEVEL_FIELDS = new Set([
  "_id",
  "id",
  "sessionID",
  "sessionId",
  "createdAt",
  "updatedAt",
  "device",
  "os",
  "browser",
  "dialog",
  "logs",
]);

/** `nesting`: how deeply raw nests, when its reader counted it (see SourceRecord); otherwise measured here. */
export function normalizeTranscript(raw: unknown, fallback?: RecordFallback, nesting?: number): NormalizeResult {
  if (!isPlainObject(raw)) return { ok: false, reason: `expected a transcript object, got ${describe(raw)}` };
  if (nesting === undefined ? nestingDepthExceeds(raw, MAX_NESTING_DEPTH) : nesting > MAX_NESTING_DEPTH) {
    const id = typeof raw._id === "string" ? raw._id : typeof raw.id === "string" ? raw.id : undefined;
    return { ok: false, id, reason: `nested more than ${MAX_NESTING_DEPTH} levels deep` };
  }
  const source = unwrap(raw);

  let id: string | undefined;
  const rawId = unwrapMongo(source._id ?? source.id);
  if (rawId !== undefined && rawId !== null) {
    if (typeof rawId !== "string" && typeof rawId !== "number") return { ok: false, reason: "_id must be a string" };
    id = String(rawId).trim();
    if (!TRANSCRIPT_ID_PATTERN.test(id)) {
      return { ok: false, reason: `_id "${clip(id)}" is not a valid id (1-128 letters, digits, '.', '_', ':' or '-')` };
    }
  } else if (fallback) {
    id = fallback.id;
  }

  const rawSession = source.sessionID ?? source.sessionId ?? fallback?.sessionId;
  if (rawSession === undefined || rawSession === null || rawSession === "") return { ok: false, id, reason: "sessionID is missing" };
  if (typeof rawSession !== "string" && typeof rawSession !== "number") return { ok: false, id, reason: "sessionID must be a string" };
  const sessionId = withoutNul(String(rawSession)).trim();
  if (sessionId === "" || sessionId.length > SESSION_ID_MAX_LENGTH) {
    return { ok: false, id, reason: `sessionID must be 1-${SESSION_ID_MAX_LENGTH} characters` };
  }

  const dialog = readDialog(source);
  if (typeof dialog === "string") return { ok: false, id, reason: dialog };

  // Entry times are read only for a record lacking a time of its own, and then once.
  let span: EntryTimeSpan | null | undefined;
  const entryTimes = () => (span === undefined ? (span = entryTimeSpan(dialog)) : span);
  let createdAt: Date | null;
  if (source.createdAt !== undefined && source.createdAt !== null) {
    createdAt = parseInstant(unwrapMongo(source.createdAt));
    if (!createdAt) return { ok: false, id, reason: `createdAt "${clip(String(source.createdAt))}" is not a readable date` };
  } else {
    createdAt = entryTimes()?.first ?? null;
    if (!createdAt) return { ok: false, id, reason: "createdAt is missing and no dialog entry has a time" };
  }
  const updatedAt =
    parseInstant(unwrapMongo(source.updatedAt)) ?? parseInstant(unwrapMongo(source.endedAt)) ?? entryTimes()?.last ?? createdAt;

  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (!TOP_LEVEL_FIELDS.has(key) && value !== undefined) properties[key] = value;
  }

  return {
    ok: true,
    record: {
      id: id ?? stableId(`${sessionId}|${createdAt.toISOString()}`),
      sessionId,
      createdAt,
      updatedAt,
      device: spelled("device", attribute(source.device) ?? propertyAttribute(source.properties, "device")),
      os: spelled("os", attribute(source.os) ?? propertyAttribute(source.properties, "os")),
      browser: spelled("browser", attribute(source.browser) ?? propertyAttribute(source.properties, "browser")),
      dialog,
      properties: Object.keys(properties).length > 0 ? properties : null,
    },
  };
}

interface EntryTimeSpan {
  first: Date;
  last: Date;
}

/**
 * The earliest and latest entry times, or null when no entry has one: the record's times when it
 * does not give its own (read only then, as it parses every entry's time).
 */
function entryTimeSpan(dialog: readonly DialogEntry[]): EntryTimeSpan | null {
  let first = Infinity;
  let last = -Infinity;
  for (const entry of dialog) {
    const time = entry.timestamp ? canonicalInstantMs(entry.timestamp) : NaN;
    if (time < first) first = time;
    if (time > last) last = time;
  }
  return Number.isFinite(first) ? { first: new Date(first), last: new Date(last) } : null;
}

/** `{transcript: {...}, dialog: [...]}` (a list item saved beside its dialog) reads as one record. */
function unwrap(raw: Record<string, unknown>): Record<string, unknown> {
  if (!isPlainObject(raw.transcript)) return raw;
  const { transcript, ...rest } = raw;
  return { ...(transcript as Record<string, unknown>), ...rest };
}

/** MongoDB extended JSON: {"$oid": "..."} and {"$date": ...}. */
function unwrapMongo(value: unknown): unknown {
  if (isPlainObject(value)) {
    if ("$oid" in value) return value.$oid;
    if ("$date" in value) return isPlainObject(value.$date) && "$numberLong" in value.$date ? Number(value.$date.$numberLong) : value.$date;
  }
  return value;
}

function readDialog(source: Record<string, unknown>): DialogEntry[] | string {
  let entries: (DialogEntry | string)[];
  if (source.dialog !== undefined && source.dialog !== null) {
    if (!Array.isArray(source.dialog)) return "dialog must be an array";
    if (source.dialog.length > MAX_DIALOG_ENTRIES) return `dialog has more than ${MAX_DIALOG_ENTRIES} entries`;
    entries = source.dialog.map((entry, index) => normalizeEntry(entry, `dialog[${index}]`));
  } else if (source.logs !== undefined && source.logs !== null) {
    if (!Array.isArray(source.logs)) return "logs must be an array";
    if (source.logs.length > MAX_DIALOG_ENTRIES) return `logs has more than ${MAX_DIALOG_ENTRIES} entries`;
    entries = source.logs.map((log, index) => logToEntry(log, `logs[${index}]`));
  } else {
    entries = [];
  }
  const problem = entries.find((entry): entry is string => typeof entry === "string");
  return problem ?? (entries as DialogEntry[]);
}

/** One legacy dialog entry: kept as received, with a canonical type and a timestamp. */
export function normalizeEntry(value: unknown, where = "entry"): DialogEntry | string {
  if (!isPlainObject(value)) return `${where} is not an object`;
  const type = canonicalType(value);
  const entry = copyOfFields(value) as DialogEntry;
  entry.type = type;
  entry.timestamp = entryTimestamp(value);
  if (typeof value.type === "string" && value.type !== type) entry.sourceType = value.type;
  return entry;
}

/**
 * A new object with the same own fields, in the same order, as a spread makes. Object.assign makes
 * it faster (the import's worker prepared 50,000 transcripts in 2.7 s instead of 3.3 s), but it
 * sets the prototype for a "__proto__" key, which JSON.parse makes a field like any other: an
 * object holding one is spread.
 */
function copyOfFields(value: Record<string, unknown>): Record<string, unknown> {
  return Object.hasOwn(value, "__proto__") ? { ...value } : Object.assign({}, value);
}

/**
 * Session starts come as a `launch` entry (with an empty, null or missing payload) or as a request
 * whose payload is {type: "launch"}: all are `launch`, not user turns. Other requests (typed text,
 * intents, button clicks) are `request`; traces keep their trace type (text, speak, debug, ...).
 */
function canonicalType(entry: Record<string, unknown>): string {
  const rawType = typeof entry.type === "string" ? entry.type.trim() : "";
  const format = typeof entry.format === "string" ? entry.format.trim() : "";
  const payloadType = isPlainObject(entry.payload) && typeof entry.payload.type === "string" ? entry.payload.type : "";
  const isRequest = format === "request" || rawType === "request";
  if (rawType === "launch" || format === "launch" || (isRequest && payloadType === "launch")) return "launch";
  if (isRequest) return "request";
  if (!format && (rawType === "intent" || rawType.startsWith("path-"))) return "request";
  if (rawType) return rawType;
  if (payloadType) return payloadType;
  return "unknown";
}

function entryTimestamp(entry: Record<string, unknown>): string | null {
  return (
    instantOf(entry.timestamp) ??
    instantOf(entry.startTime) ??
    instantOf(entry.createdAt) ??
    instantOf(entry.time) ??
    (isPlainObject(entry.payload) ? instantOf(entry.payload.time) : null)
  );
}

function instantOf(value: unknown): string | null {
  return value === undefined ? null : isoInstant(unwrapMongo(value));
}

/**
 * Newer transcripts hold `logs` of {type: trace | action | end, data, createdAt}: a trace's data is
 * a legacy trace, an action's data is the user's request. Each becomes a legacy-style entry.
 */
function logToEntry(log: unknown, where: string): DialogEntry | string {
  if (!isPlainObject(log)) return `${where} is not an object`;
  const data = isPlainObject(log.data) ? log.data : null;
  const entry: Record<string, unknown> = { payload: log.data ?? {}, startTime: log.createdAt };
  if (data && typeof data.turnID === "string") entry.turnID = data.turnID;
  if (log.type === "trace") {
    entry.type = typeof data?.type === "string" ? data.type : "trace";
    entry.format = "trace";
  } else if (log.type === "action") {
    const isLaunch = data?.type === "launch";
    entry.type = isLaunch ? "launch" : "request";
    entry.format = isLaunch ? "launch" : "request";
  } else if (log.type === "end") {
    entry.type = "end";
    entry.format = "trace";
  } else {
    entry.type = typeof log.type === "string" && log.type ? log.type : "unknown";
    entry.format = "log";
  }
  if (entry.startTime === undefined) delete entry.startTime;
  return normalizeEntry(entry, where);
}

function attribute(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = withoutNul(value).trim();
  return text === "" ? null : text.slice(0, ATTRIBUTE_MAX_LENGTH);
}

/** A device, OS or browser name in its one spelling (attribute-names.ts). */
function spelled(dimension: AttributeDimension, name: string | null): string | null {
  return name === null ? null : attributeSpelling(dimension, name);
}

/** Newer transcripts may carry device, os and browser as properties [{name|key, value}]. */
function propertyAttribute(properties: unknown, name: string): string | null {
  if (!Array.isArray(properties)) return null;
  for (const property of properties) {
    if (!isPlainObject(property)) continue;
    const key = property.name ?? property.key;
    if (typeof key === "string" && key.toLowerCase() === name) return attribute(property.value);
  }
  return null;
}

/**
 * Whether a value nests arrays and objects more than `limit` levels deep. Recursion goes at most
 * limit + 1 calls deep, and nothing is allocated (it runs over every record of an import).
 */
function nestingDepthExceeds(value: unknown, limit: number): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (nestingDepthExceeds(value[index], limit - 1)) return true;
    return false;
  }
  for (const key in value) {
    if (Object.hasOwn(value, key) && nestingDepthExceeds((value as Record<string, unknown>)[key], limit - 1)) return true;
  }
  return false;
}

/** PostgreSQL text cannot hold NUL characters; they carry no meaning in a chat anyway. */
export function withoutNul(text: string): string {
  return text.includes("\u0000") ? text.replace(/\u0000/g, "") : text;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : typeof value;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
