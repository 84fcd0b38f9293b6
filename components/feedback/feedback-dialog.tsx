"use client";
// Transcript page: the Provide Feedback dialog of a thumbs down, with an optional
// comment of at most 1000 characters. Closing it, by Cancel or otherwise, forgets the comment.
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FEEDBACK_COMMENT_MAX_LENGTH } from "@/lib/schemas/feedback";
import { characterCountText } from "@/lib/format/character-count";

export const FEEDBACK_DIALOG_TEXT = "Help us improve! Tell us what was wrong with this answer. A comment is optional.";

export function FeedbackDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (comment: string) => void;
}) {
  const id = useId();
  const [comment, setComment] = useState("");
  const change = (next: boolean) => {
    if (!next) setComment("");
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change} title="Provide Feedback" description={FEEDBACK_DIALOG_TEXT}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const text = comment;
          setComment("");
          onSubmit(text);
        }}
        className="space-y-2"
      >
        <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
        <Textarea
          id={`${id}-comment`}
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
          onChange={(event) => setComment(event.target.value.slice(0, FEEDBACK_COMMENT_MAX_LENGTH))}
          placeholder="What could the answer have done better?"
          rows={4}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="text-right text-xs text-slate-500" data-testid="comment-count">
          {characterCountText(comment.length, FEEDBACK_COMMENT_MAX_LENGTH)}
        </p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit">Submit Feedback</Button>
        </div>
      </form>
    </Dialog>
  );
}
