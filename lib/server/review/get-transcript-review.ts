import "server-only";
import { db } from "../db";
import { notFound } from "../http/app-error";
import { TRANSCRIPT_NOT_FOUND } from "../store";
import { noteAuthorOf, personOf, PERSON_FIELDS } from "./people";
import type { ReviewStatus, TranscriptReviewDetail } from "@/lib/schemas/review";

/** `review` of GET /api/transcript/{id}: status, who set it when, assignee, tags and notes (oldest first). */
export async function getTranscriptReview(transcriptId: string): Promise<TranscriptReviewDetail> {
  const row = await db.transcript.findUnique({
    where: { id: transcriptId },
    select: {
      review: { select: { status: true, updatedAt: true, assignee: PERSON_FIELDS, updatedBy: PERSON_FIELDS } },
      tags: { select: { tag: { select: { id: true, name: true, color: true } } } },
      notes: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { author: PERSON_FIELDS } },
    },
  });
  if (!row) throw notFound(TRANSCRIPT_NOT_FOUND);
  return {
    status: (row.review?.status ?? "unreviewed") as ReviewStatus,
    updatedBy: personOf(row.review?.updatedBy ?? null),
    updatedAt: row.review?.updatedAt.toISOString() ?? null,
    assignee: personOf(row.review?.assignee ?? null),
    tags: row.tags.map(({ tag }) => tag).sort((a, b) => a.name.localeCompare(b.name)),
    notes: row.notes.map((note) => ({
      id: note.id,
      author: noteAuthorOf(note.author),
      body: note.body,
      createdAt: note.createdAt.toISOString(),
      updatedAt: note.updatedAt.toISOString(),
    })),
  };
}
