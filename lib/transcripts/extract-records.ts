// Finds the transcripts in a parsed export file or ingest body: an array of transcripts, an object
// holding them (under transcripts, data, items or results), one transcript, or a bare dialog array
// (which takes its id and session id from the file name, or from its content when there is none).
import { TRANSCRIPT_ID_PATTERN, type RecordFallback } from "./normalize-transcript";
import { stableId } from "./stable-id";
import { isPlainObject } from "./types";

export interface SourceRecord {
  raw: unknown;
  /** The JSON text raw was parsed from, when the source had one of its own (an export array's element, a JSON Lines line). */
  text?: string;
  fallback?: RecordFallback;
  /** How deeply raw nests arrays and objects (raw itself is level 1), when its reader counted it. */
  nesting?: number;
}

export type Extraction = { ok: true; records: SourceRecord[] } | { ok: false; reason: string };

const HOLDER_KEYS = ["transcripts", "data", "items", "results"] as const;
const TRANSCRIPT_MARKERS = ["sessionID", "sessionId", "dialog", "logs", "_id", "transcript"];
const ENTRY_MARKERS = ["turnID", "format", "startTime", "type", "payload"];

export const NO_TRANSCRIPTS_REASON =
  'no transcripts found: expected a transcript, an array of transcripts, an object holding them under "transcripts", or a dialog array';

export function extractRecords(value: unknown, sourceName?: string): Extraction {
  if (Array.isArray(value)) {
    if (isBareDialog(value)) {
      const id = idFromName(sourceName) ?? stableId(JSON.stringify(value));
      return { ok: true, records: [{ raw: { dialog: value }, fallback: { id, sessionId: id } }] };
    }
    return { ok: true, records: value.map((raw) => ({ raw })) };
  }
  if (isPlainObject(value)) {
    if (TRANSCRIPT_MARKERS.some((key) => key in value)) return { ok: true, records: [{ raw: value }] };
    for (const key of HOLDER_KEYS) {
      const held = value[key];
      if (Array.isArray(held)) return { ok: true, records: held.map((raw) => ({ raw })) };
    }
    if ("id" in value) return { ok: true, records: [{ raw: value }] };
  }
  return { ok: false, reason: NO_TRANSCRIPTS_REASON };
}

/** An array of dialog entries rather than of transcripts, judged by its first object. */
function isBareDialog(items: unknown[]): boolean {
  const first = items.find(isPlainObject);
  if (!first) return false;
  if (TRANSCRIPT_MARKERS.some((key) => key in first)) return false;
  return ENTRY_MARKERS.some((key) => key in first);
}

function idFromName(sourceName: string | undefined): string | undefined {
  if (!sourceName) return undefined;
  const base =
    sourceName
      .split(/[\\/]/)
      .pop()
      ?.replace(/\.json$/i, "") ?? "";
  return TRANSCRIPT_ID_PATTERN.test(base) ? base : undefined;
}
