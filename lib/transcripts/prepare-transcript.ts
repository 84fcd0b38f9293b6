// A normalised transcript with its derived columns and the JSON of its source, ready to be stored.
import { deriveFields, type DerivedFields } from "./derive-fields";
import type { TranscriptRecord } from "./types";

/** What storing needs: the normalised transcript without its parsed dialog and properties. */
export interface StorableTranscript extends Omit<TranscriptRecord, "dialog" | "properties">, DerivedFields {
  /**
   * The record as received, as JSON (see stored-source.ts): its text, or the text's UTF-8 bytes as
   * the worker threads that prepare transcripts pack them for the storing thread (lib/server/store/packed-batch.ts).
   */
  sourceJson: string | Uint8Array;
  propertiesJson: string | null;
  /** The way in that brings it: a source's id, "ingest" or "import"; absent keeps the stored one (a redaction, a recompute). */
  origin?: string;
  /** Keyed hashes of the e-mail addresses and phone numbers it held as received (lib/privacy/person-keys.ts), added to those stored. */
  personKeys: string[];
}

export function storableTranscript(record: TranscriptRecord, sourceJson: string): StorableTranscript {
  const derived = deriveFields(record.dialog);
  // Field by field, in one order: every transcript gets the same object shape, which the import
  // worker's messages copy faster than objects spread together.
  return {
    id: record.id,
    sessionId: record.sessionId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    device: record.device,
    os: record.os,
    browser: record.browser,
    preview: derived.preview,
    messageCount: derived.messageCount,
    durationMs: derived.durationMs,
    question: derived.question,
    answer: derived.answer,
    searchText: derived.searchText,
    sourceJson,
    propertiesJson: record.properties ? JSON.stringify(record.properties) : null,
    personKeys: [],
  };
}
