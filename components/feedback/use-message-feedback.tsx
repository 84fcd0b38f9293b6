"use client";
// Rating bot messages. Thumbs up sends at once; thumbs down opens the
// Provide Feedback dialog for that message, whose Submit sends and closes it. The user's earlier
// ratings come from the server, and a new one replaces the old.
import { useMemo, useState } from "react";
import { toast } from "@/components/ui/toast-store";
import { useMyFeedback, useSubmitFeedback, SUBMIT_FEEDBACK_FALLBACK } from "@/lib/queries/my-feedback";
import type { FeedbackType } from "@/lib/schemas/feedback";
import { FeedbackDialog } from "./feedback-dialog";

export function useMessageFeedback(transcriptId: string, { enabled }: { enabled: boolean }) {
  const ratings = useMyFeedback(transcriptId, { enabled });
  const submit = useSubmitFeedback();
  const [selected, setSelected] = useState<number | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const ratingByIndex = useMemo(
    () => new Map((ratings.data ?? []).map((item) => [item.messageIndex, item.feedbackType] as const)),
    [ratings.data],
  );

  const send = (messageIndex: number, feedbackType: FeedbackType, comment?: string) => {
    setPending((current) => new Set(current).add(messageIndex));
    submit.mutate(
      { transcriptId, messageIndex, feedbackType, comment: comment?.trim() || undefined },
      {
        onSuccess: () => toast({ title: "Feedback submitted", description: "Thank you for your feedback!", variant: "success" }),
        onError: (error) =>
          toast({ title: "Failed to submit feedback", description: error.message || SUBMIT_FEEDBACK_FALLBACK, variant: "destructive" }),
        onSettled: () =>
          setPending((current) => {
            const next = new Set(current);
            next.delete(messageIndex);
            return next;
          }),
      },
    );
  };

  const dialog = (
    <FeedbackDialog
      open={selected !== null}
      onOpenChange={(open) => {
        if (!open) setSelected(null);
      }}
      onSubmit={(comment) => {
        if (selected !== null) send(selected, "thumbs_down", comment);
        setSelected(null);
      }}
    />
  );

  return {
    ratingOf: (messageIndex: number) => ratingByIndex.get(messageIndex),
    isPending: (messageIndex: number) => pending.has(messageIndex),
    thumbsUp: (messageIndex: number) => send(messageIndex, "thumbs_up"),
    thumbsDown: (messageIndex: number) => setSelected(messageIndex),
    dialog,
  };
}
