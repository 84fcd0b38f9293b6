import type { FoundSpan, Redactor } from "./redactor";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import { addPersonValuesOfRecord, addPersonValuesOfSpan } from "./person-values";

/**
 * The record with personal data replaced by placeholders, before anything of it is read, stored or
 * indexed: every text kept (messages, traces, previews, search words, the stored source) derives
 * from the redacted record. `found` is told of each built-in kind's value replaced. A changed record loses its source text, so that the stored source is
 * written from the redacted record; an unchanged one is the record itself.
 */
export function redactSourceRecord(source: SourceRecord, redactor: Redactor, found?: FoundSpan): SourceRecord {
  if (!redactor.isActive) return source;
  const { record, changed } = redactor.redactRecord(source.raw, found);
  if (!changed) return source;
  const redacted: SourceRecord = { ...source, raw: record };
  delete redacted.text;
  return redacted;
}

/**
 * The record redacted as redactSourceRecord does, and the person values (person-values.ts) of the
 * e-mail addresses and phone numbers it held as received: those redaction replaced, as its
 * detectors found them, and, of a kind it leaves, those the same detectors find in the record.
 */
export function redactNotingPersons(source: SourceRecord, redactor: Redactor): { source: SourceRecord; personValues: Set<string> } {
  const personValues = new Set<string>();
  const redacted = redactSourceRecord(source, redactor, (text, span) => addPersonValuesOfSpan(text, span, personValues));
  const { email, phone } = redactor.enabledKinds;
  addPersonValuesOfRecord(source.raw, { email: !email, phone: !phone }, personValues);
  return { source: redacted, personValues };
}
