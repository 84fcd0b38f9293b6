import "server-only";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { sql } from "../sql";
import { TRANSCRIPT_COLUMNS } from "../transcript-row";
import { binaryCopyChunks } from "./binary-copy";
import type { PostgresTransaction } from "./connection";

/**
 * Writes the rows of new transcripts by binary COPY (binary-copy.ts): no statement to parse, no
 * parameter to convert from text, rows inserted in blocks, and the server inserts the first chunks
 * while the next are written.
 */
export async function copyNewTranscripts(tx: PostgresTransaction, transcripts: StorableTranscript[], sortKeys: Map<string, number>, receivedAt: Date): Promise<void> {
  const ordered = [...transcripts].sort((a, b) => sortKeys.get(a.id)! - sortKeys.get(b.id)!);
  const rows = binaryCopyChunks(ordered, (row, t) =>
    row
      .row(16)
      .text(t.id)
      .text(t.sessionId)
      .timestamp(t.createdAt)
      .timestamp(t.updatedAt)
      .bigint(sortKeys.get(t.id)!)
      .text(t.device)
      .text(t.os)
      .text(t.browser)
      .integer(t.messageCount)
      .integer(t.durationMs)
      .text(t.preview)
      .text(t.question)
      .text(t.answer)
      .timestamp(receivedAt)
      .text(t.propertiesJson)
      .text(t.sourceJson),
  );
  await tx.copyRows(sql`"Transcript" (${TRANSCRIPT_COLUMNS})`, rows);
}
