"use client";
// Export CSV / Export JSON of everything the current filter selects
// (every server page), with the No data, success and failure toasts. The export's own code
// (export-feedback.ts) is downloaded when a button is pressed.
import { useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { errorMessage } from "@/lib/client/api-error";
import type { FeedbackExportFormat } from "@/lib/export/feedback-export";
import type { FeedbackDto, FeedbackFilter } from "@/lib/schemas/feedback";
import { FEEDBACK_TOASTS } from "./feedback-messages";

const loadExportCode = () => import("./export-feedback");

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
      const { exportFeedback } = await loadExportCode();
      const count = await exportFeedback(filter, loadedItems, exportFormat);
      if (count === 0) {
        toast({ ...FEEDBACK_TOASTS.noData, variant: "destructive" });
        return;
      }
      toast({
        title: FEEDBACK_TOASTS.exported.title,
        description: FEEDBACK_TOASTS.exported.description(count, exportFormat),
        variant: "success",
      });
    } catch (error) {
      toast({
        title: FEEDBACK_TOASTS.exportFailed.title,
        description: errorMessage(error, FEEDBACK_TOASTS.exportFailed.fallback),
        variant: "destructive",
      });
    } finally {
      setExporting(null);
    }
  };

  return { exporting, exportAs };
}
