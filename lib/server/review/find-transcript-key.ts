import "server-only";
import { notFound } from "../http/app-error";
import type { DatabaseTransaction } from "../db";
import { TRANSCRIPT_NOT_FOUND } from "../store";

/** The sort key its review rows are kept under; throws NOT_FOUND for an unknown transcript. */
export async function transcriptKeyOf(tx: Pick<DatabaseTransaction, "transcript">, transcriptId: string): Promise<bigint> {
  const row = await tx.transcript.findUnique({ where: { id: transcriptId }, select: { sortKey: true } });
  if (!row) throw notFound(TRANSCRIPT_NOT_FOUND);
  return row.sortKey;
}
