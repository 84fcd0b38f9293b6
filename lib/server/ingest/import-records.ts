import "server-only";
import { getPrivacySettings } from "../privacy/privacy-settings";
import { redactSourceRecord } from "@/lib/privacy/redact-records";
import { redactorFor } from "@/lib/privacy/redactor";
import { saveTranscripts } from "../store";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import type { IngestReport, RejectedRecord } from "@/lib/schemas/ingest";

/**
 * Redacts, reads, validates and stores a batch of records: the ones that cannot be read are
 * reported (by position, id when known, and reason) and the others are stored, personal data
 * replaced by placeholders as the privacy settings say. The ingest API and the sources'
 * sync store through it; the import command redacts and reads its records in a worker thread and
 * stores them with saveTranscripts directly.
 */
export async function importRecords(records: readonly SourceRecord[]): Promise<IngestReport> {
  const valid: StorableTranscript[] = [];
  const rejected: RejectedRecord[] = [];
  const redactor = redactorFor((await getPrivacySettings()).settings);
  records.forEach((record, index) => {
    const result = readRecord(redactSourceRecord(record, redactor));
    if (result.ok) valid.push(result.transcript);
    else rejected.push({ index, ...(result.id ? { id: result.id } : {}), reason: result.reason });
  });
  const saved = valid.length > 0 ? await saveTranscripts(valid) : { imported: 0, updated: 0 };
  return { ...saved, rejected };
}
