// The toasts of Feedback Management.
export const FEEDBACK_TOASTS = {
  deleted: { title: "Feedback deleted" },
  deleteFailed: { title: "Failed to delete feedback", fallback: "An error occurred while deleting the feedback" },
  statusUpdated: { title: "Review status updated" },
  statusFailed: { title: "Failed to update review status", fallback: "An error occurred while updating the review status" },
  noData: { title: "No data to export", description: "There is no feedback data available to export" },
  exported: {
    title: "Export successful",
    description: (count: number, format: "csv" | "json") => `Exported ${count} feedback items as ${format.toUpperCase()}`,
  },
  exportFailed: { title: "Export failed", fallback: "Failed to export feedback" },
  copyFailed: { title: "Copy failed", description: "Your browser did not allow copying to the clipboard" },
} as const;
