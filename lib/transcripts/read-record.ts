// One source record, normalised and prepared for storing: the step the ingest API, the import
// command and its worker share. Anything unexpected in a record is a reason to reject it, never a crash.
import type { SourceRecord } from "./extract-records";
import { normalizeTranscript } from "./normalize-transcript";
import { storableTranscript, type StorableTranscript } from "./prepare-transcript";
import type { DialogEntry } from "./types";

/** A record read: the transcript to store, and its normalised dialog (the signals are derived from it). */
export type ReadResult = { ok: true; transcript: StorableTranscript; dialog: DialogEntry[] } | { ok: false; id?: string; reason: string };

export function readRecord(record: SourceRecord): ReadResult {
  const result = normalizeTranscript(record.raw, record.fallback, record.nesting);
  if (!result.ok) return result;
  try {
    return {
      ok: true,
      transcript: storableTranscript(result.record, record.text ?? JSON.stringify(record.raw)),
      dialog: result.record.dialog,
    };
  } catch (error) {
    return { ok: false, id: result.record.id, reason: `cannot be stored: ${(error as Error).message}` };
  }
}
