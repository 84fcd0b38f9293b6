// Reading back a stored transcript's dialog. Transcript.source holds the record as received (the
// import stores an export's own text for it, so that it need not serialise the parsed record
// again); its dialog is normalised again on reading, by the same rules as at ingest.
import { normalizeTranscript, type RecordFallback } from "./normalize-transcript";
import type { DialogEntry } from "./types";

/** The normalised dialog of a stored transcript; `identity` is its row's id and session id. */
export function storedDialog(source: string, identity: RecordFallback): DialogEntry[] {
  const result = normalizeTranscript(JSON.parse(source), identity);
  // It was accepted when it was stored, by the same rules.
  if (!result.ok) throw new Error(`Stored transcript ${identity.id} cannot be read: ${result.reason}`);
  return result.record.dialog;
}
