import "server-only";
import { notFound } from "../http/app-error";
import { sql, toIso } from "./sql";
import { storeRead } from "./active-database";
import { optionalAttributes } from "./transcript-row";
import { TRANSCRIPT_ID_PATTERN } from "@/lib/transcripts/normalize-transcript";
import { storedDialog } from "@/lib/transcripts/stored-source";
import type { TranscriptDetail } from "@/lib/schemas/transcripts";

export const TRANSCRIPT_NOT_FOUND = "Transcript not found";

/** A transcript's row as the detail and the export with conversations read it. */
export interface DetailRow {
  id: string;
  sessionId: string;
  createdAt: unknown;
  updatedAt: unknown;
  device: string | null;
  os: string | null;
  browser: string | null;
  source: string;
  origin: string | null;
}

/** One transcript in the platform's format. Signed-in users. Throws NOT_FOUND. */
export async function getTranscript(id: string): Promise<TranscriptDetail> {
  if (!TRANSCRIPT_ID_PATTERN.test(id)) throw notFound(TRANSCRIPT_NOT_FOUND);
  const [row] = await storeRead<DetailRow>(
    sql`SELECT "id", "sessionId", "createdAt", "updatedAt", "device", "os", "browser", "source", "origin" FROM "Transcript" WHERE "id" = ${id}`,
  );
  if (!row) throw notFound(TRANSCRIPT_NOT_FOUND);
  return {
    _id: row.id,
    sessionID: row.sessionId,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
    dialog: storedDialog(row.source, { id: row.id, sessionId: row.sessionId }),
    ...optionalAttributes(row),
    ...(row.origin ? { origin: row.origin } : {}),
  };
}
