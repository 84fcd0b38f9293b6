import "server-only";
import { getPrivacySettings } from "../privacy/privacy-settings";
import { saveAdmittedTranscripts } from "../privacy/save-admitted-transcripts";
import { redactNotingPersons } from "@/lib/privacy/redact-records";
import { personKeysOf } from "@/lib/privacy/person-keys";
import { personKeySecret } from "../privacy/person-key-secret";
import { redactorFor } from "@/lib/privacy/redactor";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import type { IngestReport, RejectedRecord } from "@/lib/schemas/ingest";

export interface ImportedRecords {
  report: IngestReport;
  /** Positions of the records read but not stored: erased on request, or past retention. */
  skippedIndexes: number[];
}

/**
 * Redacts, reads, validates and stores a batch of records: the ones that cannot be read are
 * reported (by position, id when known, and reason), those the privacy rules refuse (erased on
 * request, past retention) are counted as skipped, and the others are stored, personal data
 * replaced by placeholders as the privacy settings say, with the keyed hashes of the e-mail
 * addresses and phone numbers they held as received (erasure by person). The ingest API and the sources' sync store
 * through it; the import command redacts and reads its records in a worker thread and stores them
 * with saveAdmittedTranscripts directly. `origin` names the way in (a source's id, or "ingest").
 */
export async function importRecords(records: readonly SourceRecord[], origin: string): Promise<ImportedRecords> {
  const valid: StorableTranscript[] = [];
  const validIndexes: number[] = [];
  const rejected: RejectedRecord[] = [];
  const redactor = redactorFor((await getPrivacySettings()).settings);
  const secret = await personKeySecret();
  records.forEach((record, index) => {
    const { source, personValues } = redactNotingPersons(record, redactor);
    const result = readRecord(source);
    if (result.ok) {
      const personKeys = secret && personValues.size > 0 ? personKeysOf(personValues, secret) : result.transcript.personKeys;
      valid.push({ ...result.transcript, origin, personKeys });
      validIndexes.push(index);
    } else rejected.push({ index, ...(result.id ? { id: result.id } : {}), reason: result.reason });
  });
  const { imported, updated, skipped } = await saveAdmittedTranscripts(valid);
  const report: IngestReport = { imported, updated, rejected, ...(skipped.length > 0 ? { skipped: skipped.length } : {}) };
  return { report, skippedIndexes: skipped.map((position) => validIndexes[position]) };
}
