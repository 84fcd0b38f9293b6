// POST /api/ingest/transcripts — the bot platform, with an ingest API key: one transcript or a batch
// (array or {transcripts: [...]}) -> {imported, updated, rejected: [{index, id?, reason}], skipped?}
// (skipped: erased on request or past retention, when some were). 400 with the same report when no
// record could be stored or skipped; 413 beyond the size limits.
import { z } from "zod";
import { json, route } from "@/lib/server/http/route";
import { ingestTranscripts, INGEST_MAX_BODY_BYTES, NOTHING_STORED_MESSAGE } from "@/lib/server/ingest/ingest-transcripts";

export const POST = route({ access: "ingest", body: z.unknown(), maxBodyBytes: INGEST_MAX_BODY_BYTES }, async ({ body }) => {
  const { report, status } = await ingestTranscripts(body);
  return status === 200 ? report : json({ message: NOTHING_STORED_MESSAGE, ...report }, status);
});
