import "server-only";
import { storeRead } from "./active-database";
import { keyIn } from "./filtered-keys";
import { sql, toIso, toNumber } from "./sql";
import type { TranscriptReviewFields } from "@/lib/schemas/transcripts";
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

/** The review fields of the listed transcripts, by sort key: three reads by key, whatever the page. */
export async function reviewFieldsOf(keys: readonly number[]): Promise<Map<number, TranscriptReviewFields>> {
  const fields = new Map<number, TranscriptReviewFields>(
    keys.map((key) => [key, { reviewStatus: "unreviewed", tags: [], assignee: null, noteCount: 0 }]),
  );
  if (keys.length === 0) return fields;
  const [reviews, tags, notes] = await Promise.all([
    storeRead<{ sortKey: unknown; status: string } & PersonColumns<"assignee">>(
      sql`SELECT r."sortKey", r."status", u."id" AS "assigneeId", u."email" AS "assigneeEmail", u."name" AS "assigneeName"
        FROM "TranscriptReview" r LEFT JOIN "User" u ON u."id" = r."assigneeId" WHERE ${keyIn(sql`r."sortKey"`, keys)}`,
    ),
    storeRead<{ sortKey: unknown; id: string; name: string; color: string }>(
      sql`SELECT tt."sortKey", g."id", g."name", g."color" FROM "TranscriptTag" tt JOIN "Tag" g ON g."id" = tt."tagId" WHERE ${keyIn(sql`tt."sortKey"`, keys)}`,
    ),
    storeRead<{ sortKey: unknown; n: unknown }>(
      sql`SELECT "sortKey", count(*) AS "n" FROM "TranscriptNote" WHERE ${keyIn(sql`"sortKey"`, keys)} GROUP BY "sortKey"`,
    ),
  ]);
  for (const row of reviews) {
    const entry = fields.get(toNumber(row.sortKey));
    if (!entry) continue;
    entry.reviewStatus = row.status as ReviewStatus;
    entry.assignee = personIn(row, "assignee");
  }
  for (const row of tags) fields.get(toNumber(row.sortKey))?.tags.push({ id: row.id, name: row.name, color: row.color });
  for (const entry of fields.values()) if (entry.tags.length > 1) entry.tags.sort(compareTags);
  for (const row of notes) {
    const entry = fields.get(toNumber(row.sortKey));
    if (entry) entry.noteCount = toNumber(row.n);
  }
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
