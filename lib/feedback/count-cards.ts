// Feedback management: the five count cards, over all feedback whatever the filter.
import type { FeedbackCounts } from "@/lib/schemas/feedback";

export type CountCardKey = keyof FeedbackCounts;

export interface CountCard {
  key: CountCardKey;
  label: string;
  value: number | undefined;
}

const CARDS: { key: CountCardKey; label: string }[] = [
  { key: "total", label: "Total Feedback" },
  { key: "thumbsUp", label: "Thumbs Up" },
  { key: "thumbsDown", label: "Thumbs Down" },
  { key: "pending", label: "Pending Review" },
  { key: "reviewed", label: "Reviewed" },
];

/** The cards in display order; values are undefined until the counts have loaded. */
export function feedbackCountCards(counts: FeedbackCounts | undefined): CountCard[] {
  return CARDS.map(({ key, label }) => ({ key, label, value: counts?.[key] }));
}
