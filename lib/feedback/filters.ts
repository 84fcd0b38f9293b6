// Feedback management: the filter select's five options, in order. The rules
// themselves run on the server (GET /api/admin/feedback?filter=): Not Helpful is thumbs_down,
// With Comments is a comment that is present and not blank.
import { FEEDBACK_FILTERS, type FeedbackFilter } from "@/lib/schemas/feedback";

export const FEEDBACK_FILTER_LABELS: Record<FeedbackFilter, string> = {
  all: "All Feedback",
  pending: "Pending Review",
  reviewed: "Reviewed",
  not_helpful: "Not Helpful",
  with_comments: "With Comments",
};

export const FEEDBACK_FILTER_OPTIONS: { value: FeedbackFilter; label: string }[] = FEEDBACK_FILTERS.map((value) => ({
  value,
  label: FEEDBACK_FILTER_LABELS[value],
}));

export const DEFAULT_FEEDBACK_FILTER: FeedbackFilter = "all";

export function isFeedbackFilter(value: string): value is FeedbackFilter {
  return (FEEDBACK_FILTERS as readonly string[]).includes(value);
}
