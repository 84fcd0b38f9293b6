// The caller's ratings of a transcript's bot messages: read on
// opening the page, and a new rating replaces the earlier one of the same message.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import type { MyFeedbackDto, SubmitFeedbackInput } from "@/lib/schemas/feedback";
import { adminFeedbackKeys } from "./admin-feedback";

export const FEEDBACK_URL = "/api/feedback";
export const SUBMIT_FEEDBACK_FALLBACK = "An error occurred while submitting your feedback";

export const myFeedbackKeys = {
  transcript: (transcriptId: string) => [FEEDBACK_URL, { transcriptId }] as const,
};

export function useMyFeedback(transcriptId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: myFeedbackKeys.transcript(transcriptId),
    queryFn: () => apiRequest<MyFeedbackDto[]>("GET", `${FEEDBACK_URL}?${new URLSearchParams({ transcriptId })}`),
    enabled,
  });
}

/** Keeps one rating per message: the new one replaces any earlier one. */
export function withRating(ratings: readonly MyFeedbackDto[] | undefined, rating: MyFeedbackDto): MyFeedbackDto[] {
  return [...(ratings ?? []).filter((item) => item.messageIndex !== rating.messageIndex), rating];
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SubmitFeedbackInput) => {
      try {
        return await apiRequest<MyFeedbackDto>("POST", FEEDBACK_URL, input);
      } catch (error) {
        throw new Error(errorMessage(error, SUBMIT_FEEDBACK_FALLBACK));
      }
    },
    onSuccess: (rating, input) => {
      queryClient.setQueryData<MyFeedbackDto[]>(myFeedbackKeys.transcript(input.transcriptId), (current) => withRating(current, rating));
      // An administrator's lists of everyone's feedback (Feedback Management, the page's ratings) now hold it too.
      void queryClient.invalidateQueries({ queryKey: adminFeedbackKeys.all });
    },
  });
}
