"use client";
// A review status changed from Feedback Management or from a transcript's ratings: the same call,
// and the same toasts.
import { toast } from "@/components/ui/toast-store";
import { errorMessage } from "@/lib/client/api-error";
import { useUpdateReviewStatus } from "@/lib/queries/admin-feedback";
import type { FeedbackDto, ReviewStatus } from "@/lib/schemas/feedback";
import { FEEDBACK_TOASTS } from "./feedback-messages";

export function useReviewStatusChange() {
  const updateStatus = useUpdateReviewStatus();
  const changeStatus = (item: FeedbackDto, reviewStatus: ReviewStatus) => {
    if (reviewStatus === item.reviewStatus) return;
    updateStatus.mutate(
      { id: item.id, reviewStatus },
      {
        onSuccess: () => toast({ ...FEEDBACK_TOASTS.statusUpdated, variant: "success" }),
        onError: (error) =>
          toast({
            title: FEEDBACK_TOASTS.statusFailed.title,
            description: errorMessage(error, FEEDBACK_TOASTS.statusFailed.fallback),
            variant: "destructive",
          }),
      },
    );
  };
  return { changeStatus, updatingId: updateStatus.isPending ? updateStatus.variables?.id : undefined };
}
