import "server-only";
import { redactorFor, type RedactionSettings } from "@/lib/privacy/redactor";
import type { SourceRecord } from "@/lib/transcripts/extract-records";

/**
 * The records with personal data replaced by placeholders, before anything of them is read,
 * stored or indexed: every text kept (messages, traces, previews, search words, the stored
 * source) derives from the redacted record. A changed record loses its source text, so that the
 * stored source is written from the redacted record; an unchanged one is the record itself.
 */
export function redactSourceRecords(records: readonly SourceRecord[], settings: RedactionSettings): readonly SourceRecord[] {
  const redactor = redactorFor(settings);
  if (!redactor.isActive) return records;
  return records.map((source) => {
    const { record, changed } = redactor.redactRecord(source.raw);
    if (!changed) return source;
    const redacted: SourceRecord = { ...source, raw: record };
    delete redacted.text;
    return redacted;
  });
}
