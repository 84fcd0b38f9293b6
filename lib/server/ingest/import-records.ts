import "server-only";
import { saveTranscripts } from "../store";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import type { IngestReport, RejectedRecord } from "@/lib/schemas/ingest";

/**
 * Reads, validates and stores a batch of records: the ones that cannot be read are reported (by
 * position, id when known, and reason) and the others are stored. The ingest API and the sources'
 * sync store through it; the import and seed commands read their records in a worker thread and
 * store them with saveTranscripts directly.
 */
export async function importRecords(records: readonly SourceRecord[]): Promise<IngestReport> {
  const valid: StorableTranscript[] = [];
  const rejected: RejectedRecord[] = [];
  records.forEach((record, index) => {
    const result = readRecord(record);
    if (result.ok) valid.push(result.transcript);
    else rejected.push({ index, ...(result.id ? { id: result.id } : {}), reason: result.reason });
  });
  const saved = valid.length > 0 ? await saveTranscripts(valid) : { imported: 0, updated: 0 };
  return { ...saved, rejected };
}
