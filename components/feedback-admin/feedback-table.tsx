"use client";
// Feedback management, table: User, Transcript ID, Message #, Feedback, Comment,
// Review Status, Date, Actions. On wide screens a table; below lg each row stacks into a small
// card whose cells carry their column names. Explicit roles keep the table semantics when CSS
// changes how the rows are displayed.
import Link from "next/link";
import { LoaderCircle, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TooltipProvider } from "@/components/ui/tooltip";
import { shortId } from "@/lib/format/short-id";
import { formatDateTime } from "@/lib/format/date-time";
import { DELETED_USER, feedbackDateLines, messageNumber, reviewStatusOf } from "@/lib/feedback/display";
import type { FeedbackDto, ReviewStatus } from "@/lib/schemas/feedback";
import { messagePath } from "@/lib/transcript-view/transcript-links";
import { CommentCell } from "./comment-cell";
import { FeedbackBadge } from "./feedback-badge";
import { ReviewStatusSelect } from "./review-status-select";

const COLUMNS = ["User", "Transcript ID", "Message #", "Feedback", "Comment", "Review Status", "Date", "Actions"] as const;

// Below lg a cell is a line of its card: the column name on the left (from data-label), the value on the right.
const CELL =
  "px-3 py-3 align-middle max-lg:flex max-lg:min-h-9 max-lg:items-center max-lg:justify-between max-lg:gap-4 max-lg:px-0 max-lg:py-1 " +
  "max-lg:before:shrink-0 max-lg:before:text-xs max-lg:before:font-medium max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)]";

/** An e-mail that, when it must wrap, wraps after its @ first. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function UserCell({ user }: { user: FeedbackDto["user"] }) {
  if (!user) return <span className="italic text-slate-500">{DELETED_USER}</span>;
  return (
    <div className="min-w-0 max-w-[10.5rem] max-lg:max-w-[70%] max-lg:text-right">
      <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">
        <EmailText email={user.email} />
      </p>
      {user.name ? <p className="truncate text-xs text-slate-500">{user.name}</p> : null}
    </div>
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
      {/* relative: screen-reader-only text is absolutely placed and must scroll with the table, not widen the page. */}
      <div className="relative overflow-x-auto">
        <table role="table" className="w-full text-left text-sm max-lg:block lg:min-w-[64rem]">
          <thead role="rowgroup" className="border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-600 max-lg:sr-only">
            <tr role="row">
              {COLUMNS.map((column) => (
                <th key={column} role="columnheader" scope="col" className="whitespace-nowrap px-3 py-3">
                  {column === "Actions" ? <span className="sr-only">{column}</span> : column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-slate-100 max-lg:block">
            {items.map((item) => {
              const number = messageNumber(item.messageIndex);
              const who = item.user?.email ?? DELETED_USER;
              const dateLines = feedbackDateLines(item.createdAt);
              return (
                <tr
                  key={item.id}
                  role="row"
                  className="hover:bg-slate-50/70 max-lg:block max-lg:px-4 max-lg:py-3"
                  data-testid="feedback-row"
                  data-id={item.id}
                >
                  <td role="cell" data-label="User" className={CELL}>
                    <UserCell user={item.user} />
                  </td>
                  <td role="cell" data-label="Transcript ID" className={`${CELL} whitespace-nowrap`}>
                    <Link
                      href={messagePath(item.transcriptId, item.messageIndex)}
                      className="rounded-sm font-mono text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      title={`${item.transcriptId}, message #${number}`}
                    >
                      {shortId(item.transcriptId)}…
                    </Link>
                  </td>
                  <td role="cell" data-label="Message #" className={`${CELL} tabular-nums text-slate-700`}>
                    {number}
                  </td>
                  <td role="cell" data-label="Feedback" className={CELL}>
                    <FeedbackBadge type={item.feedbackType} />
                  </td>
                  <td role="cell" data-label="Comment" className={CELL}>
                    <CommentCell comment={item.comment} />
                  </td>
                  <td role="cell" data-label="Review Status" className={CELL}>
                    <ReviewStatusSelect
                      value={reviewStatusOf(item)}
                      onChange={(status) => onReviewStatus(item, status)}
                      isDisabled={updatingId === item.id || deletingId === item.id}
                      label={`Review status of the feedback from ${who} on message #${number}`}
                    />
                  </td>
                  <td role="cell" data-label="Date" className={`${CELL} text-slate-600`}>
                    <time
                      dateTime={item.createdAt}
                      title={formatDateTime(item.createdAt)}
                      className="block whitespace-nowrap max-lg:text-right"
                    >
                      <span className="lg:block">{dateLines.date}</span>
                      {dateLines.time ? (
                        <span className="text-slate-500 lg:block lg:text-xs">
                          <span className="lg:sr-only">, </span>
                          {dateLines.time}
                        </span>
                      ) : null}
                    </time>
                  </td>
                  <td role="cell" data-label="Actions" className={`${CELL} lg:text-right`}>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-600 hover:bg-red-50 hover:text-red-700 max-lg:-mr-2"
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
