import "server-only";
import { notFound } from "../http/app-error";
import { reviewOf, TRANSCRIPT_NOT_FOUND } from "../store";
import { noteAuthorOf, personOf } from "./people";
import { compareTags } from "@/lib/format/tag-order";
import type { TranscriptReviewDetail } from "@/lib/schemas/review";

/** `review` of GET /api/transcript/{id}: status, who set it when, assignee, tags and notes (oldest first). */
export async function getTranscriptReview(transcriptId: string): Promise<TranscriptReviewDetail> {
  const review = await reviewOf(transcriptId);
  if (!review) throw notFound(TRANSCRIPT_NOT_FOUND);
  return {
    status: review.status,
    updatedBy: personOf(review.updatedBy),
    updatedAt: review.updatedAt,
    assignee: personOf(review.assignee),
    tags: review.tags.sort(compareTags),
    notes: review.notes.map(({ author, ...note }) => ({ ...note, author: noteAuthorOf(author) })),
  };
}
