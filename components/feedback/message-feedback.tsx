"use client";
// Transcript page: thumbs up and thumbs down under a bot message, and the
// rating given (Helpful or Not Helpful).
import { ThumbsDown, ThumbsUp } from "lucide-react";
import clsx from "clsx";
import { Badge } from "@/components/ui/badge";
import { feedbackTypeLabel } from "@/lib/feedback/display";
import type { FeedbackType } from "@/lib/schemas/feedback";

const thumbClasses =
  "inline-flex size-8 items-center justify-center rounded-md border transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50";

export function MessageFeedback({
  rating,
  isPending,
  onThumbsUp,
  onThumbsDown,
}: {
  rating: FeedbackType | undefined;
  isPending: boolean;
  onThumbsUp: () => void;
  onThumbsDown: () => void;
}) {
  return (
    <div className="mt-2 flex items-center gap-1.5" data-testid="message-feedback">
      <button
        type="button"
        aria-label="Thumbs up"
        aria-pressed={rating === "thumbs_up"}
        disabled={isPending}
        onClick={onThumbsUp}
        className={clsx(
          thumbClasses,
          rating === "thumbs_up"
            ? "border-emerald-300 bg-emerald-50 text-emerald-700"
            : "border-transparent text-slate-500 hover:bg-slate-100 hover:text-slate-800",
        )}
      >
        <ThumbsUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Thumbs down"
        aria-pressed={rating === "thumbs_down"}
        disabled={isPending}
        onClick={onThumbsDown}
        className={clsx(
          thumbClasses,
          rating === "thumbs_down"
            ? "border-red-300 bg-red-50 text-red-700"
            : "border-transparent text-slate-500 hover:bg-slate-100 hover:text-slate-800",
        )}
      >
        <ThumbsDown className="size-4" aria-hidden />
      </button>
      {rating ? (
        <Badge variant={rating === "thumbs_up" ? "success" : "danger"} data-testid="message-rating">
          {feedbackTypeLabel(rating)}
        </Badge>
      ) : null}
    </div>
  );
}
