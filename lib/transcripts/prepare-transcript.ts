// A normalised transcript with its derived columns and the JSON of its source, ready to be stored.
import { deriveFields, type DerivedFields } from "./derive-fields";
import type { TranscriptRecord } from "./types";

export interface PreparedTranscript extends TranscriptRecord, DerivedFields {
  /** The record as received, as JSON (see stored-source.ts). */
  sourceJson: string;
  propertiesJson: string | null;
}

/** What storing needs: the prepared transcript without its parsed dialog and properties. */
export type StorableTranscript = Omit<PreparedTranscript, "dialog" | "properties">;

export function toStorable({ dialog: _dialog, properties: _properties, ...storable }: PreparedTranscript): StorableTranscript {
  return storable;
}

export function prepareTranscript(record: TranscriptRecord, sourceJson: string): PreparedTranscript {
  return {
    ...record,
    ...deriveFields(record.dialog),
    sourceJson,
    propertiesJson: record.properties ? JSON.stringify(record.properties) : null,
  };
}
