import "server-only";
import { storeRead } from "./active-database";
import { keyIn } from "./filtered-keys";
import { identifier, join, sql, toIso, toNumber } from "./sql";
import type { TranscriptInsightFields, TranscriptReviewFields } from "@/lib/schemas/transcripts";
import { SIGNAL_KINDS, type SignalKind } from "@/lib/schemas/insights";
import type { ReviewStatus, TagItem } from "@/lib/schemas/review";
import { compareTags } from "@/lib/format/tag-order";

/** A user a review names; null when none is named or the account is deleted. */
export type ReviewPerson = { id: string; email: string; name: string | null } | null;

/** A transcript's review as stored: lib/server/review shapes it for the API. */
export interface StoredReview {
  status: ReviewStatus;
  updatedAt: string | null;
  updatedBy: ReviewPerson;
  assignee: ReviewPerson;
  tags: TagItem[];
  notes: { id: string; body: string; createdAt: string; updatedAt: string; author: ReviewPerson }[];
}

type PersonColumns<Prefix extends string> = { [Key in `${Prefix}Id` | `${Prefix}Email` | `${Prefix}Name`]: string | null };

const personIn = <Prefix extends string>(row: PersonColumns<Prefix>, prefix: Prefix): ReviewPerson => {
  const id = row[`${prefix}Id`];
  return id === null ? null : { id, email: String(row[`${prefix}Email`]), name: row[`${prefix}Name`] };
};

/**
 * The columns of a listed transcript's review and signals, read with its row: of "Transcript" t
 * joined by LISTED_ANNOTATION_JOINS. Its tags are only flagged: few transcripts have any, and
 * those of a page are read apart (listedAnnotationsOf).
 */
export const LISTED_ANNOTATION_COLUMNS = sql`r."status" AS "reviewStatus", a."id" AS "assigneeId", a."email" AS "assigneeEmail",
  a."name" AS "assigneeName", (SELECT count(*) FROM "TranscriptNote" n WHERE n."sortKey" = t."sortKey") AS "noteCount",
  CASE WHEN EXISTS (SELECT 1 FROM "TranscriptTag" tt WHERE tt."sortKey" = t."sortKey") THEN 1 ELSE 0 END AS "tagged",
  ${join(
    SIGNAL_KINDS.map((kind) => sql`s.${identifier(kind)} AS ${identifier(`signal_${kind}`)}`),
    ", ",
  )}`;

export const LISTED_ANNOTATION_JOINS = sql`LEFT JOIN "TranscriptReview" r ON r."sortKey" = t."sortKey"
  LEFT JOIN "User" a ON a."id" = r."assigneeId" LEFT JOIN "TranscriptSignal" s ON s."sortKey" = t."sortKey"`;

/** A list row's LISTED_ANNOTATION_COLUMNS. */
export type ListedAnnotationRow = {
  sortKey: unknown;
  reviewStatus: string | null;
  noteCount: unknown;
  tagged: unknown;
} & PersonColumns<"assignee"> &
  Record<`signal_${SignalKind}`, unknown>;

/**
 * The review fields and signals of the listed rows, by sort key: from their annotation columns, and
 * the tags of those that have any in one more read.
 */
export async function listedAnnotationsOf(
  rows: readonly ListedAnnotationRow[],
): Promise<Map<number, TranscriptReviewFields & TranscriptInsightFields>> {
  const fields = new Map<number, TranscriptReviewFields & TranscriptInsightFields>();
  const tagged: number[] = [];
  for (const row of rows) {
    const key = toNumber(row.sortKey);
    fields.set(key, {
      reviewStatus: (row.reviewStatus ?? "unreviewed") as ReviewStatus,
      tags: [],
      assignee: personIn(row, "assignee"),
      noteCount: toNumber(row.noteCount),
      signals: SIGNAL_KINDS.filter((kind) => toNumber(row[`signal_${kind}`]) === 1),
    });
    if (toNumber(row.tagged) === 1) tagged.push(key);
  }
  if (tagged.length === 0) return fields;
  const tags = await storeRead<{ sortKey: unknown; id: string; name: string; color: string }>(
    sql`SELECT tt."sortKey", g."id", g."name", g."color" FROM "TranscriptTag" tt JOIN "Tag" g ON g."id" = tt."tagId" WHERE ${keyIn(sql`tt."sortKey"`, tagged)}`,
  );
  for (const row of tags) fields.get(toNumber(row.sortKey))?.tags.push({ id: row.id, name: row.name, color: row.color });
  for (const entry of fields.values()) if (entry.tags.length > 1) entry.tags.sort(compareTags);
  return fields;
}

/**
 * The review of one transcript: its review row with the assignee and the last editor, its tags, its
 * notes with their authors (oldest first); three reads by the transcript's id, at once. Null when
 * no transcript has the id.
 */
export async function reviewOf(transcriptId: string): Promise<StoredReview | null> {
  const [reviews, tags, notes] = await Promise.all([
    storeRead<{ status: string | null; updatedAt: unknown } & PersonColumns<"assignee"> & PersonColumns<"updatedBy">>(
      sql`SELECT r."status", r."updatedAt", a."id" AS "assigneeId", a."email" AS "assigneeEmail", a."name" AS "assigneeName",
        u."id" AS "updatedById", u."email" AS "updatedByEmail", u."name" AS "updatedByName"
        FROM "Transcript" t LEFT JOIN "TranscriptReview" r ON r."sortKey" = t."sortKey"
        LEFT JOIN "User" a ON a."id" = r."assigneeId" LEFT JOIN "User" u ON u."id" = r."updatedById"
        WHERE t."id" = ${transcriptId}`,
    ),
    storeRead<TagItem>(
      sql`SELECT g."id", g."name", g."color" FROM "Transcript" t JOIN "TranscriptTag" tt ON tt."sortKey" = t."sortKey"
        JOIN "Tag" g ON g."id" = tt."tagId" WHERE t."id" = ${transcriptId}`,
    ),
    storeRead<{ id: string; body: string; createdAt: unknown; updatedAt: unknown } & PersonColumns<"author">>(
      sql`SELECT n."id", n."body", n."createdAt", n."updatedAt", au."id" AS "authorId", au."email" AS "authorEmail", au."name" AS "authorName"
        FROM "Transcript" t JOIN "TranscriptNote" n ON n."sortKey" = t."sortKey" LEFT JOIN "User" au ON au."id" = n."authorId"
        WHERE t."id" = ${transcriptId} ORDER BY n."createdAt", n."id"`,
    ),
  ]);
  const [review] = reviews;
  if (!review) return null;
  return {
    status: (review.status ?? "unreviewed") as ReviewStatus,
    updatedAt: review.updatedAt === null ? null : toIso(review.updatedAt),
    updatedBy: personIn(review, "updatedBy"),
    assignee: personIn(review, "assignee"),
    tags,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      createdAt: toIso(note.createdAt),
      updatedAt: toIso(note.updatedAt),
      author: personIn(note, "author"),
    })),
  };
}
