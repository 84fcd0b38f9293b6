"use client";
// On a transcript's page, for administrators: everyone's ratings of one bot answer, each comment in
// full, and the review status, so that feedback can be triaged beside the answer it is about.
import { formatDateTime } from "@/lib/format/date-time";
import { DELETED_USER, hasComment, messageNumber, reviewStatusOf } from "@/lib/feedback/display";
import type { FeedbackDto, ReviewStatus } from "@/lib/schemas/feedback";
import { FeedbackBadge } from "./feedback-badge";
import { ReviewStatusSelect } from "./review-status-select";

export function MessageRatings({
  messageIndex,
  items,
  updatingId,
  onReviewStatus,
}: {
  messageIndex: number;
  items: readonly FeedbackDto[];
  updatingId?: string;
  onReviewStatus: (item: FeedbackDto, status: ReviewStatus) => void;
}) {
  if (items.length === 0) return null;
  const number = messageNumber(messageIndex);
  return (
    <section
      className="mt-2 w-full rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      aria-label={`Ratings of message #${number}`}
      data-testid="message-ratings"
    >
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Ratings ({items.length})</h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((item) => {
          const who = item.user?.email ?? DELETED_USER;
          return (
            <li
              key={item.id}
              className="flex flex-wrap items-start gap-x-3 gap-y-2 py-2 first:pt-0 last:pb-0"
              data-testid="message-rating-item"
              data-id={item.id}
            >
              <div className="min-w-0 flex-1 basis-48 space-y-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <FeedbackBadge type={item.feedbackType} />
                  <span className="break-all font-medium text-slate-800" title={item.user?.name ?? undefined}>
                    {who}
                  </span>
                  <time className="text-xs text-slate-500" dateTime={item.createdAt}>
                    {formatDateTime(item.createdAt)}
                  </time>
                </p>
                {hasComment(item.comment) ? (
                  <p className="whitespace-pre-wrap break-words text-slate-700">{item.comment}</p>
                ) : (
                  <p className="italic text-slate-500">No comment</p>
                )}
              </div>
              <div className="w-40 shrink-0">
                <ReviewStatusSelect
                  value={reviewStatusOf(item)}
                  onChange={(status) => onReviewStatus(item, status)}
                  isDisabled={updatingId === item.id}
                  label={`Review status of the feedback from ${who} on message #${number}`}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
