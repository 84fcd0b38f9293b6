// Feedback Management calls: GET /api/admin/feedback one page at a time (every page,
// for exports, in export-reads.ts), DELETE /api/admin/feedback/{id}, PATCH /api/admin/feedback/{id}/review-status.
// Every change refreshes the lists and counts.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import {
  ADMIN_FEEDBACK_MAX_PAGE_SIZE,
  type AdminFeedbackResponse,
  type FeedbackDto,
  type FeedbackFilter,
  type ReviewStatus,
} from "@/lib/schemas/feedback";

export const ADMIN_FEEDBACK_URL = "/api/admin/feedback";
/** Rows per page of the table. */
export const FEEDBACK_PAGE_SIZE = 50;

export interface AdminFeedbackPageRequest {
  filter: FeedbackFilter;
  page: number;
  limit: number;
  /** Only this transcript's feedback. */
  transcriptId?: string;
}

export const adminFeedbackKeys = {
  all: [ADMIN_FEEDBACK_URL] as const,
  page: (request: AdminFeedbackPageRequest) => [ADMIN_FEEDBACK_URL, request] as const,
};

export function adminFeedbackUrl({ filter, page, limit, transcriptId }: AdminFeedbackPageRequest): string {
  const params = new URLSearchParams({ filter, page: String(page), limit: String(limit) });
  if (transcriptId !== undefined) params.set("transcriptId", transcriptId);
  return `${ADMIN_FEEDBACK_URL}?${params}`;
}

function feedbackItemUrl(id: string, suffix = ""): string {
  return `${ADMIN_FEEDBACK_URL}/${encodeURIComponent(id)}${suffix}`;
}

export function fetchFeedbackPage(request: AdminFeedbackPageRequest): Promise<AdminFeedbackResponse> {
  return apiRequest<AdminFeedbackResponse>("GET", adminFeedbackUrl(request));
}

/** One page of the table; the previous page stays on screen while the next one loads. */
export function useAdminFeedback(request: AdminFeedbackPageRequest) {
  return useQuery({
    queryKey: adminFeedbackKeys.page(request),
    queryFn: () => fetchFeedbackPage(request),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every rating of one transcript, for an administrator reading it: one page of the largest size
 * (no transcript is rated that often). Kept with the table's pages, so that the same changes
 * refresh it.
 */
export function useTranscriptFeedback(transcriptId: string, { enabled }: { enabled: boolean }) {
  const request: AdminFeedbackPageRequest = { filter: "all", page: 1, limit: ADMIN_FEEDBACK_MAX_PAGE_SIZE, transcriptId };
  return useQuery({ queryKey: adminFeedbackKeys.page(request), queryFn: () => fetchFeedbackPage(request), enabled });
}

export function useDeleteFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>("DELETE", feedbackItemUrl(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFeedbackKeys.all }),
  });
}

export interface ReviewStatusChange {
  id: string;
  reviewStatus: ReviewStatus;
}

/** Changes one review status; the select shows the new value at once and goes back if the call fails. */
export function useUpdateReviewStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reviewStatus }: ReviewStatusChange) =>
      apiRequest<FeedbackDto>("PATCH", feedbackItemUrl(id, "/review-status"), { reviewStatus }),
    onMutate: async ({ id, reviewStatus }: ReviewStatusChange) => {
      await queryClient.cancelQueries({ queryKey: adminFeedbackKeys.all });
      const snapshot = queryClient.getQueriesData<AdminFeedbackResponse>({ queryKey: adminFeedbackKeys.all });
      queryClient.setQueriesData<AdminFeedbackResponse>({ queryKey: adminFeedbackKeys.all }, (old) =>
        old ? { ...old, items: old.items.map((item) => (item.id === id ? { ...item, reviewStatus } : item)) } : old,
      );
      return { snapshot };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of (context?.snapshot ?? []) as [QueryKey, AdminFeedbackResponse | undefined][])
        queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFeedbackKeys.all }),
  });
}
