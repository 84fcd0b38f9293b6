import type { Redactor } from "./redactor";
import type { SourceRecord } from "@/lib/transcripts/extract-records";

/**
 * The record with personal data replaced by placeholders, before anything of it is read, stored or
 * indexed: every text kept (messages, traces, previews, search words, the stored source) derives
 * from the redacted record. A changed record loses its source text, so that the stored source is
 * written from the redacted record; an unchanged one is the record itself.
 */
export function redactSourceRecord(source: SourceRecord, redactor: Redactor): SourceRecord {
  if (!redactor.isActive) return source;
  const { record, changed } = redactor.redactRecord(source.raw);
  if (!changed) return source;
  const redacted: SourceRecord = { ...source, raw: record };
  delete redacted.text;
  return redacted;
}
