"use client";
// Spec sections 2, 5, 8 and 9: Export CSV / Export JSON of everything the current filter selects
// (every server page), with the No data, success and failure toasts.
import { useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { errorMessage } from "@/lib/client/api-error";
import { downloadTextFile } from "@/lib/export/download";
import { feedbackExportFile, type FeedbackExportFormat } from "@/lib/export/feedback-export";
import { fetchAllFeedback } from "@/lib/queries/admin-feedback";
import type { FeedbackDto, FeedbackFilter } from "@/lib/schemas/feedback";
import { FEEDBACK_TOASTS } from "./feedback-messages";

export function useFeedbackExport({
  filter,
  loadedItems,
}: {
  filter: FeedbackFilter;
  /** Every item of the filter when one page already holds them all (no further call needed). */
  loadedItems?: FeedbackDto[];
}) {
  const [exporting, setExporting] = useState<FeedbackExportFormat | null>(null);

  const exportAs = async (exportFormat: FeedbackExportFormat) => {
    setExporting(exportFormat);
    try {
      const items = loadedItems ?? (await fetchAllFeedback(filter));
      if (items.length === 0) {
        toast({ ...FEEDBACK_TOASTS.noData, variant: "destructive" });
        return;
      }
      const file = feedbackExportFile(items, exportFormat);
      downloadTextFile(file.fileName, file.content, file.mimeType);
      toast({ title: FEEDBACK_TOASTS.exported.title, description: FEEDBACK_TOASTS.exported.description(items.length, exportFormat), variant: "success" });
    } catch (error) {
      toast({ title: FEEDBACK_TOASTS.exportFailed.title, description: errorMessage(error, FEEDBACK_TOASTS.exportFailed.fallback), variant: "destructive" });
    } finally {
      setExporting(null);
    }
  };

  return { exporting, exportAs };
}
