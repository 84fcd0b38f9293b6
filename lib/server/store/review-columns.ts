import "server-only";
import { storeRead } from "./active-database";
import { keyIn } from "./filtered-keys";
import { sql, toNumber } from "./sql";
import type { TranscriptReviewFields } from "@/lib/schemas/transcripts";
import type { ReviewStatus } from "@/lib/schemas/review";

/** The review fields of the listed transcripts, by sort key: three reads by key, whatever the page. */
export async function reviewFieldsOf(keys: readonly number[]): Promise<Map<number, TranscriptReviewFields>> {
  const fields = new Map<number, TranscriptReviewFields>(
    keys.map((key) => [key, { reviewStatus: "unreviewed", tags: [], assignee: null, noteCount: 0 }]),
  );
  if (keys.length === 0) return fields;
  const [reviews, tags, notes] = await Promise.all([
    storeRead<{ sortKey: unknown; status: string; id: string | null; email: string | null; name: string | null }>(
      sql`SELECT r."sortKey", r."status", u."id", u."email", u."name" FROM "TranscriptReview" r LEFT JOIN "User" u ON u."id" = r."assigneeId" WHERE ${keyIn(sql`r."sortKey"`, keys)}`,
    ),
    storeRead<{ sortKey: unknown; id: string; name: string; color: string }>(
      sql`SELECT tt."sortKey", g."id", g."name", g."color" FROM "TranscriptTag" tt JOIN "Tag" g ON g."id" = tt."tagId" WHERE ${keyIn(sql`tt."sortKey"`, keys)} ORDER BY g."name"`,
    ),
    storeRead<{ sortKey: unknown; n: unknown }>(
      sql`SELECT "sortKey", count(*) AS "n" FROM "TranscriptNote" WHERE ${keyIn(sql`"sortKey"`, keys)} GROUP BY "sortKey"`,
    ),
  ]);
  for (const row of reviews) {
    const entry = fields.get(toNumber(row.sortKey));
    if (!entry) continue;
    entry.reviewStatus = row.status as ReviewStatus;
    entry.assignee = row.id === null ? null : { id: row.id, email: String(row.email), name: row.name };
  }
  for (const row of tags) fields.get(toNumber(row.sortKey))?.tags.push({ id: row.id, name: row.name, color: row.color });
  for (const row of notes) {
    const entry = fields.get(toNumber(row.sortKey));
    if (entry) entry.noteCount = toNumber(row.n);
  }
  return fields;
}
