// Feedback management, table columns: how one feedback item reads in the table.
import { format, isValid } from "date-fns";
import { NOT_AVAILABLE, formatDate } from "@/lib/format/date-time";
import type { FeedbackDto, FeedbackType, ReviewStatus } from "@/lib/schemas/feedback";

/** Shown in the User column when the account that gave the feedback has been deleted. */
export const DELETED_USER = "Deleted user";

/** Feedback column: thumbs up reads Helpful, thumbs down Not Helpful. */
export function feedbackTypeLabel(type: FeedbackType): string {
  return type === "thumbs_up" ? "Helpful" : "Not Helpful";
}

/** Message # column: messageIndex counts from 0 among the shown turns; people count from 1. */
export function messageNumber(messageIndex: number): number {
  return messageIndex + 1;
}

/** Review Status select: its two options, in order. */
export const REVIEW_STATUS_OPTIONS: { value: ReviewStatus; label: string }[] = [
  { value: "pending", label: "Pending review" },
  { value: "reviewed", label: "Reviewed" },
];

/** A missing review status is treated as pending. */
export function reviewStatusOf(item: Pick<FeedbackDto, "reviewStatus">): ReviewStatus {
  return item.reviewStatus === "reviewed" ? "reviewed" : "pending";
}

/** A comment that is present and not blank (the With Comments rule). */
export function hasComment(comment: string | null | undefined): comment is string {
  return typeof comment === "string" && comment.trim().length > 0;
}

/**
 * Date column: the timestamp ('Mar 5, 2025, 3:04 PM') as its date and its time,
 * so the column can show them on two lines; an invalid value is N/A with no time.
 */
export function feedbackDateLines(createdAt: string): { date: string; time: string } {
  const date = new Date(createdAt);
  if (!createdAt || !isValid(date)) return { date: NOT_AVAILABLE, time: "" };
  return { date: formatDate(date), time: format(date, "h:mm a") };
}

/** A transcript's feedback by the message it rates, each message's in the order given. */
export function feedbackByMessage<T extends Pick<FeedbackDto, "messageIndex">>(items: readonly T[]): Map<number, T[]> {
  const byMessage = new Map<number, T[]>();
  for (const item of items) {
    const list = byMessage.get(item.messageIndex);
    if (list) list.push(item);
    else byMessage.set(item.messageIndex, [item]);
  }
  return byMessage;
}
