import "server-only";
import { saveTranscripts } from "../store";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import type { IngestReport, RejectedRecord } from "@/lib/schemas/ingest";

/**
 * Reads, validates and stores a batch of records: the ones that cannot be read are reported (by
 * position, id when known, and reason) and the others are stored. Shared by the ingest API and the
 * import command. `firstIndex` numbers the records when a batch continues a longer source.
 */
export async function importRecords(records: readonly SourceRecord[], options: { firstIndex?: number; bulk?: boolean } = {}): Promise<IngestReport> {
  const { valid, rejected } = prepareRecords(records, options.firstIndex ?? 0);
  const saved = valid.length > 0 ? await saveTranscripts(valid, { bulk: options.bulk }) : { imported: 0, updated: 0 };
  return { ...saved, rejected };
}

export function prepareRecords(records: readonly SourceRecord[], firstIndex: number): { valid: StorableTranscript[]; rejected: RejectedRecord[] } {
  const valid: StorableTranscript[] = [];
  const rejected: RejectedRecord[] = [];
  records.forEach((record, position) => {
    const result = readRecord(record);
    if (result.ok) valid.push(result.transcript);
    else rejected.push({ index: firstIndex + position, ...(result.id ? { id: result.id } : {}), reason: result.reason });
  });
  return { valid, rejected };
}
