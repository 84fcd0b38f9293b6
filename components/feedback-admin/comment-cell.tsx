"use client";
// Comment column: the comment truncated, its full text on hover (or keyboard
// focus), and the copy button. No comment reads as a dash.
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { truncateComment } from "@/lib/feedback/comment";
import { hasComment } from "@/lib/feedback/display";
import { CopyCommentButton } from "./copy-comment-button";

export function CommentCell({ comment }: { comment: string | null }) {
  if (!hasComment(comment)) {
    return (
      <span className="text-slate-400">
        <span aria-hidden>—</span>
        <span className="sr-only">No comment</span>
      </span>
    );
  }
  const preview = truncateComment(comment);
  return (
    <div className="flex min-w-0 max-w-[12rem] items-center gap-1 max-lg:max-w-[70%]">
      <Tooltip>
        <TooltipTrigger asChild>
          <span
            tabIndex={0}
            className="min-w-0 cursor-default truncate rounded-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            data-testid="comment-preview"
          >
            <span aria-hidden>{preview.text}</span>
            <span className="sr-only">{comment}</span>
          </span>
        </TooltipTrigger>
        <TooltipContent data-testid="comment-full">{comment}</TooltipContent>
      </Tooltip>
      <CopyCommentButton text={comment} />
    </div>
  );
}
