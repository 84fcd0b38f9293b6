// The review workflow's client calls: a transcript's review (status, assignee, tags),
// its notes, the tags themselves, saved views and bulk actions. Shapes and input schemas come from
// lib/schemas/review.ts, shared with the route handlers.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import { ApiError, errorMessage } from "@/lib/client/api-error";
import {
  createTagSchema,
  createViewSchema,
  noteBodySchema,
  reviewChangeSchema,
  updateTagSchema,
  type BulkAction,
  type BulkResult,
  type NoteItem,
  type PersonRef,
  type ReviewChange,
  type SavedViewItem,
  type TagItem,
  type TranscriptReviewDetail,
} from "@/lib/schemas/review";
import type { SignalExplanation } from "@/lib/schemas/insights";
import type { TranscriptDetail } from "@/lib/schemas/transcripts";
import { TRANSCRIPTS_URL, transcriptKeys } from "./transcripts";
import { TRANSCRIPT_URL, transcriptKey, transcriptUrl } from "./transcript";

export const TAGS_URL = "/api/tags";
export const VIEWS_URL = "/api/views";
export const PEOPLE_URL = "/api/people";
export const BULK_URL = `${TRANSCRIPTS_URL}/bulk`;

export const tagsKey = [TAGS_URL] as const;
export const viewsKey = [VIEWS_URL] as const;
export const peopleKey = [PEOPLE_URL] as const;

/** Raises the server's message (or the fallback) as a plain Error. */
async function call<T>(method: string, url: string, body: unknown, fallback: string): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body);
  } catch (error) {
    throw new Error(errorMessage(error, fallback));
  }
}

// ---- tags ----------------------------------------------------------------------------------

export function useTags({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tagsKey,
    queryFn: () => call<TagItem[]>("GET", TAGS_URL, undefined, "Failed to fetch tags"),
    enabled,
    staleTime: 60_000,
  });
}

// ---- people ----------------------------------------------------------------------------------

/** Everyone a transcript can be assigned to. */
export function usePeople({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: peopleKey,
    queryFn: () => call<PersonRef[]>("GET", PEOPLE_URL, undefined, "Failed to fetch people"),
    enabled,
    staleTime: 60_000,
  });
}

export function useTagMutations() {
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: tagsKey });
    // A rename or delete changes every transcript that carries the tag.
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists });
    void queryClient.invalidateQueries({ queryKey: [TRANSCRIPT_URL] });
  };
  const create = useMutation({
    mutationFn: (input: { name: string; color: string }) =>
      call<TagItem>("POST", TAGS_URL, createTagSchema.parse(input), "Failed to create the tag"),
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: { id: string; name?: string; color?: string }) =>
      call<TagItem>("PATCH", `${TAGS_URL}/${encodeURIComponent(id)}`, updateTagSchema.parse(input), "Failed to update the tag"),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      call<{ ok: true }>("DELETE", `${TAGS_URL}/${encodeURIComponent(id)}`, undefined, "Failed to delete the tag"),
    onSettled: settled,
  });
  return { create, update, remove };
}

// ---- one transcript's review ----------------------------------------------------------------

export const reviewUrl = (transcriptId: string) => `${transcriptUrl(transcriptId)}/review`;
export const notesUrl = (transcriptId: string) => `${transcriptUrl(transcriptId)}/notes`;
export const noteUrl = (transcriptId: string, noteId: string) => `${notesUrl(transcriptId)}/${encodeURIComponent(noteId)}`;

/** GET /api/transcript/{id} carries the transcript's review and signals beside the platform's fields. */
export type ReviewedDetail = TranscriptDetail & { review?: TranscriptReviewDetail; signals?: SignalExplanation[] };

/** The transcript's cached detail with its review replaced. */
function withReview(detail: ReviewedDetail | undefined, review: TranscriptReviewDetail): ReviewedDetail | undefined {
  return detail ? { ...detail, review } : detail;
}

export function useReviewChange(transcriptId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange) =>
      call<TranscriptReviewDetail>("PATCH", reviewUrl(transcriptId), reviewChangeSchema.parse(change), "Failed to update the review"),
    onSuccess: (review) => {
      queryClient.setQueryData<ReviewedDetail>(transcriptKey(transcriptId), (detail) => withReview(detail, review));
      void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ["review-pass"] });
    },
  });
}

export function useNoteMutations(transcriptId: string) {
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: transcriptKey(transcriptId) });
    void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists });
  };
  const create = useMutation({
    mutationFn: (body: string) => call<NoteItem>("POST", notesUrl(transcriptId), noteBodySchema.parse({ body }), "Failed to add the note"),
    onSettled: settled,
  });
  const update = useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: string }) =>
      call<NoteItem>("PATCH", noteUrl(transcriptId, noteId), noteBodySchema.parse({ body }), "Failed to save the note"),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (noteId: string) => call<{ ok: true }>("DELETE", noteUrl(transcriptId, noteId), undefined, "Failed to delete the note"),
    onSettled: settled,
  });
  return { create, update, remove };
}

// ---- saved views ----------------------------------------------------------------------------

export function useSavedViews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: viewsKey,
    queryFn: () => call<SavedViewItem[]>("GET", VIEWS_URL, undefined, "Failed to fetch saved views"),
    enabled,
  });
}

export function useSavedViewMutations() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: viewsKey });
  const create = useMutation({
    mutationFn: (input: { name: string; shared: boolean; query: string }) =>
      call<SavedViewItem>("POST", VIEWS_URL, createViewSchema.parse(input), "Failed to save the view"),
    onSettled: settled,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      call<{ ok: true }>("DELETE", `${VIEWS_URL}/${encodeURIComponent(id)}`, undefined, "Failed to delete the view"),
    onSettled: settled,
  });
  return { create, remove };
}

// ---- bulk actions ---------------------------------------------------------------------------

/** The list's filter as the bulk call carries it: its query parameters, tag as a list. */
export type BulkFilter = Record<string, string | string[]>;

/** Raised when the filtered set changed since its count was shown (409): `matched` is the new count. */
export class BulkCountChangedError extends Error {
  constructor(
    message: string,
    readonly matched: number,
  ) {
    super(message);
    this.name = "BulkCountChangedError";
  }
}

export async function runBulkAction(filter: BulkFilter, action: BulkAction, expectedCount: number): Promise<BulkResult> {
  try {
    return await apiRequest<BulkResult>("POST", BULK_URL, { filter, action, expectedCount });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      let matched = NaN;
      try {
        matched = Number((JSON.parse(error.bodyText) as { matched?: unknown }).matched);
      } catch {
        // An answer without a body keeps matched unknown.
      }
      throw new BulkCountChangedError(errorMessage(error, "The list changed"), matched);
    }
    throw new Error(errorMessage(error, "The bulk action failed"));
  }
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ filter, action, expectedCount }: { filter: BulkFilter; action: BulkAction; expectedCount: number }) =>
      runBulkAction(filter, action, expectedCount),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: transcriptKeys.lists }),
  });
}
