"use client";
// Exporting every transcript of the current dates and filters as CSV
// or JSON, with the export toasts in order and the progress of the run. The export's own
// code (export-transcripts.ts) is downloaded when the user picks a format, or already when the
// Export menu is approached.
import { useCallback, useRef, useState, type MouseEvent } from "react";
import { toast } from "@/components/ui/toast-store";
import { conversationExportUrl, type TranscriptFilters } from "@/lib/queries/transcripts";
import type { ConversationExportFormat } from "@/lib/schemas/transcripts";
import type { ExportPhase } from "@/lib/queries/export-reads";
import type { ExportFormat } from "./export-transcripts";

export type { ExportFormat };

export interface ExportProgress {
  phase: ExportPhase;
  done: number;
  total: number;
}

const loadExportCode = () => import("./export-transcripts");

/** Starts downloading the export's code ahead of a pick in the Export menu; a failure shows when a format is picked. */
export function prefetchTranscriptExport(): void {
  loadExportCode().catch(() => undefined);
}

const FORMAT_LABEL: Record<ExportFormat, string> = { csv: "CSV", json: "JSON" };

/** The export toasts. */
export const EXPORT_TOASTS = {
  noData: { title: "No data to export", description: "Please fetch transcripts first" },
  preparing: (count: number) => ({ title: "Preparing export...", description: `Fetching all ${count} transcript(s)...` }),
  processing: (count: number) => ({
    title: "Processing transcripts...",
    description: `Enriching ${count} transcript(s) with full data...`,
  }),
  success: (format: ExportFormat) => ({ title: "Export successful", description: `Transcripts exported as ${FORMAT_LABEL[format]}` }),
  failed: (message: string | undefined) => ({ title: "Export failed", description: message?.trim() || "Failed to export transcripts" }),
};

/**
 * The exports with conversations are downloaded by the browser itself, straight from the server:
 * its downloads list shows the progress, and a file the server ends early as failed.
 */
export const CONVERSATION_EXPORT_STARTED = {
  title: "Export started",
  description: "Your browser downloads the file; if the server ends it early, the download shows as failed there.",
};

/** A link of the Export menu that the browser downloads. */
export interface ExportLink {
  href: string;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function useTranscriptExport(filters: TranscriptFilters, total: number) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const isRunning = useRef(false);

  const exportAs = useCallback(
    async (format: ExportFormat) => {
      if (isRunning.current) return;
      if (total <= 0) {
        toast({ ...EXPORT_TOASTS.noData, variant: "destructive" });
        return;
      }
      isRunning.current = true;
      setProgress({ phase: "fetching", done: 0, total: 0 });
      try {
        const { exportTranscripts } = await loadExportCode();
        await exportTranscripts(filters, total, format, {
          onFetchStart: (count) => toast(EXPORT_TOASTS.preparing(count)),
          onEnrichStart: (count) => toast(EXPORT_TOASTS.processing(count)),
          onProgress: (phase, done, of) => setProgress({ phase, done, total: of }),
        });
        toast({ ...EXPORT_TOASTS.success(format), variant: "success" });
      } catch (error) {
        toast({ ...EXPORT_TOASTS.failed(error instanceof Error ? error.message : undefined), variant: "destructive" });
      } finally {
        isRunning.current = false;
        setProgress(null);
      }
    },
    [filters, total],
  );

  const conversationLink = useCallback(
    (format: ConversationExportFormat): ExportLink => ({
      href: conversationExportUrl(filters, format),
      onClick: (event) => {
        if (total <= 0) {
          event.preventDefault();
          toast({ ...EXPORT_TOASTS.noData, variant: "destructive" });
          return;
        }
        toast(CONVERSATION_EXPORT_STARTED);
      },
    }),
    [filters, total],
  );

  return { exportAs, conversationLink, progress, isExporting: progress !== null };
}
