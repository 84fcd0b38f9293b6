import "server-only";
import { db } from "../db";
import { notFound } from "../http/app-error";
import { optionalAttributes } from "./transcript-row";
import { TRANSCRIPT_ID_PATTERN } from "@/lib/transcripts/normalize-transcript";
import type { TranscriptDetail } from "@/lib/schemas/transcripts";

export const TRANSCRIPT_NOT_FOUND = "Transcript not found";

/** One transcript in the platform's format (spec section 3). Signed-in users. Throws NOT_FOUND. */
export async function getTranscript(id: string): Promise<TranscriptDetail> {
  if (!TRANSCRIPT_ID_PATTERN.test(id)) throw notFound(TRANSCRIPT_NOT_FOUND);
  const row = await db.transcript.findUnique({
    where: { id },
    select: { id: true, sessionId: true, createdAt: true, updatedAt: true, device: true, os: true, browser: true, dialog: true },
  });
  if (!row) throw notFound(TRANSCRIPT_NOT_FOUND);
  return {
    _id: row.id,
    sessionID: row.sessionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dialog: JSON.parse(row.dialog),
    ...optionalAttributes(row),
  };
}
