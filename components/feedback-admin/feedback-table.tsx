"use client";
// Spec section 2 (Feedback management, table): User, Transcript ID, Message #, Feedback, Comment,
// Review Status, Date, Actions. On a narrow screen the table scrolls sideways inside its card.
import Link from "next/link";
import { LoaderCircle, ThumbsDown, ThumbsUp, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TooltipProvider } from "@/components/ui/tooltip";
import { shortId } from "@/lib/format/short-id";
import { formatDateTime } from "@/lib/format/date-time";
import { DELETED_USER, feedbackTypeLabel, messageNumber, reviewStatusOf } from "@/lib/feedback/display";
import type { FeedbackDto, ReviewStatus } from "@/lib/schemas/feedback";
import { CommentCell } from "./comment-cell";
import { ReviewStatusSelect } from "./review-status-select";

const COLUMNS = ["User", "Transcript ID", "Message #", "Feedback", "Comment", "Review Status", "Date", "Actions"] as const;

function UserCell({ user }: { user: FeedbackDto["user"] }) {
  if (!user) return <span className="italic text-slate-500">{DELETED_USER}</span>;
  return (
    <div className="max-w-[14rem]">
      <p className="truncate font-medium text-slate-900" title={user.email}>
        {user.email}
      </p>
      {user.name ? <p className="truncate text-xs text-slate-500">{user.name}</p> : null}
    </div>
  );
}

function FeedbackBadge({ type }: { type: FeedbackDto["feedbackType"] }) {
  const isHelpful = type === "thumbs_up";
  const Icon = isHelpful ? ThumbsUp : ThumbsDown;
  return (
    <Badge variant={isHelpful ? "success" : "danger"} className="whitespace-nowrap">
      <Icon className="size-3" aria-hidden />
      {feedbackTypeLabel(type)}
    </Badge>
  );
}

export function FeedbackTable({
  items,
  deletingId,
  updatingId,
  onReviewStatus,
  onDelete,
}: {
  items: FeedbackDto[];
  /** The row whose delete is in flight. */
  deletingId?: string;
  /** The row whose review status is being saved. */
  updatingId?: string;
  onReviewStatus: (item: FeedbackDto, status: ReviewStatus) => void;
  onDelete: (item: FeedbackDto) => void;
}) {
  return (
    <TooltipProvider>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[62rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="whitespace-nowrap px-4 py-3">
                  {column === "Actions" ? <span className="sr-only">{column}</span> : column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((item) => {
              const number = messageNumber(item.messageIndex);
              const who = item.user?.email ?? DELETED_USER;
              return (
                <tr key={item.id} className="align-middle hover:bg-slate-50/70" data-testid="feedback-row" data-id={item.id}>
                  <td className="px-4 py-3">
                    <UserCell user={item.user} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <Link
                      href={`/transcript/${encodeURIComponent(item.transcriptId)}`}
                      className="rounded-sm font-mono text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      title={item.transcriptId}
                    >
                      {shortId(item.transcriptId)}…
                    </Link>
                  </td>
                  <td className="px-4 py-3 tabular-nums text-slate-700">{number}</td>
                  <td className="px-4 py-3">
                    <FeedbackBadge type={item.feedbackType} />
                  </td>
                  <td className="px-4 py-3">
                    <CommentCell comment={item.comment} />
                  </td>
                  <td className="px-4 py-3">
                    <ReviewStatusSelect
                      value={reviewStatusOf(item)}
                      onChange={(status) => onReviewStatus(item, status)}
                      isDisabled={updatingId === item.id || deletingId === item.id}
                      label={`Review status of the feedback from ${who} on message #${number}`}
                    />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700"
                      onClick={() => onDelete(item)}
                      disabled={deletingId === item.id}
                      aria-label={`Delete the feedback from ${who} on message #${number}`}
                      data-testid="delete-feedback"
                    >
                      {deletingId === item.id ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </TooltipProvider>
  );
}
