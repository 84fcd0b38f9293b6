import "server-only";
import { AppError } from "../http/app-error";
import { importRecords } from "./import-records";
import { extractRecords } from "@/lib/transcripts/extract-records";
import type { IngestReport } from "@/lib/schemas/ingest";

/** Largest batch per request; bigger pushes are split by the sender. */
export const INGEST_MAX_RECORDS = 1000;
/** Largest request body (about 1,000 long transcripts). */
export const INGEST_MAX_BODY_BYTES = 16 * 1024 * 1024;

export const NOTHING_STORED_MESSAGE = "No transcript could be stored";

/**
 * Stores one transcript or a batch (an array, or {transcripts: [...]}) pushed with an ingest key,
 * in any shape the import accepts. Records that cannot be read are reported, those the privacy
 * rules refuse counted as skipped (a sender retrying them is answered 200), and the rest stored.
 * Throws PAYLOAD_TOO_LARGE beyond INGEST_MAX_RECORDS, BAD_REQUEST when nothing could be read.
 * Answers 400 when no record was stored or skipped.
 */
export async function ingestTranscripts(body: unknown): Promise<{ report: IngestReport; status: number }> {
  const extraction = extractRecords(body);
  if (!extraction.ok) throw new AppError("BAD_REQUEST", extraction.reason);
  if (extraction.records.length > INGEST_MAX_RECORDS) {
    throw new AppError("PAYLOAD_TOO_LARGE", `At most ${INGEST_MAX_RECORDS} transcripts per request; split the batch`);
  }
  const { report } = await importRecords(extraction.records, "ingest");
  const nothingStored = extraction.records.length > 0 && report.imported + report.updated + (report.skipped ?? 0) === 0;
  return { report, status: nothingStored ? 400 : 200 };
}
