// The work of a transcript export once the user has picked a format: read
// every page and detail, build the CSV or JSON file and save it. Loaded on demand by
// use-transcript-export.ts, so that a first visit of the dashboard does not download it.
import { downloadTextFile } from "@/lib/export/download";
import { transcriptExportFileName } from "@/lib/export/file-names";
import { buildTranscriptsCsv, buildTranscriptsJson } from "@/lib/export/transcripts-export";
import type { TranscriptFilters } from "@/lib/queries/transcripts";
import { fetchTranscriptsForExport, withNotes, type ExportCallbacks } from "@/lib/queries/export-reads";

export type ExportFormat = "csv" | "json";

const FILES: Record<ExportFormat, { mime: string; build: typeof buildTranscriptsCsv }> = {
  csv: { mime: "text/csv;charset=utf-8", build: buildTranscriptsCsv },
  json: { mime: "application/json;charset=utf-8", build: buildTranscriptsJson },
};

/** Reads every transcript of the filters (`total` of them), then saves them as one file. */
export async function exportTranscripts(
  filters: TranscriptFilters,
  total: number,
  format: ExportFormat,
  callbacks: ExportCallbacks,
): Promise<void> {
  const listed = await fetchTranscriptsForExport(filters, total, callbacks);
  // JSON carries the notes themselves; CSV their count.
  const rows = format === "json" ? await withNotes(listed, (done, of) => callbacks.onProgress?.("enriching", done, of)) : listed;
  const { build, mime } = FILES[format];
  downloadTextFile(transcriptExportFileName(format), build(rows), mime);
}
