// What is stored with a transcript besides its row: a rating, a note, a tag and a review status to
// give it, and the count of every row of any table that belongs to a set of transcripts, for the
// tests of the ways transcripts are deleted.
import { db, isPostgres } from "@/lib/server/db";
import { storeRead } from "@/lib/server/store/active-database";
import { identifier, join, sql, toNumber, type Sql } from "@/lib/server/store/sql";

/** Gives each transcript a rating, a note, a tag and a review status, as users would. */
export async function reviewTranscripts(ids: readonly string[], userId: string): Promise<void> {
  const tag = await db.tag.upsert({ where: { name: "review-rows" }, create: { name: "review-rows", color: "#112233" }, update: {} });
  for (const id of ids) {
    const { sortKey } = await db.transcript.findUniqueOrThrow({ where: { id }, select: { sortKey: true } });
    await db.feedback.create({ data: { transcriptId: id, messageIndex: 1, feedbackType: "thumbs_down", userId, comment: "wrong" } });
    await db.transcriptNote.create({ data: { sortKey, authorId: userId, body: "called back" } });
    await db.transcriptTag.create({ data: { sortKey, tagId: tag.id } });
    await db.transcriptReview.create({ data: { sortKey, status: "needs_attention", updatedById: userId, updatedAt: new Date() } });
  }
}

/** Per table, the rows that belong to the transcripts of these ids (looked up by id and by their sort keys). */
export async function rowsOfTranscripts(ids: readonly string[], sortKeys: readonly bigint[]): Promise<Record<string, number>> {
  const keys = sortKeys.length > 0 ? sortKeys : [BigInt(-1)];
  const idList = ids.length > 0 ? ids : ["-"];
  const byKey = ["TranscriptText", "TranscriptSignal", "TranscriptReview", "TranscriptTag", "TranscriptNote", "TranscriptRating"];
  if (isPostgres()) byKey.push("TranscriptDenseWords");
  const counts: Record<string, number> = {};
  const count = async (statement: Sql) => toNumber((await storeRead<{ n: unknown }>(statement))[0]?.n);
  counts.Transcript = await count(sql`SELECT count(*) AS "n" FROM "Transcript" WHERE "id" IN (${join(idList)})`);
  counts.Feedback = await count(sql`SELECT count(*) AS "n" FROM "Feedback" WHERE "transcriptId" IN (${join(idList)})`);
  for (const table of byKey) {
    counts[table] = await count(sql`SELECT count(*) AS "n" FROM ${identifier(table)} WHERE "sortKey" IN (${join(keys)})`);
  }
  return counts;
}

/** The sort keys of the stored transcripts of these ids. */
export async function sortKeysOf(ids: readonly string[]): Promise<bigint[]> {
  const rows = await db.transcript.findMany({ where: { id: { in: [...ids] } }, select: { sortKey: true } });
  return rows.map((row) => row.sortKey);
}
