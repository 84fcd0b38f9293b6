// GET /api/admin/transcripts/by-person?email=|phone= — administrators: {ids, total}, the transcripts
// that held this e-mail address or phone number when they were received, found after redaction too
// (the first 1,000 ids, in id order; total counts them all).
import { route } from "@/lib/server/http/route";
import { personQuerySchema } from "@/lib/schemas/privacy";
import { findPersonTranscripts } from "@/lib/server/privacy/person-transcripts";

export const GET = route({ access: "admin", query: personQuerySchema }, async ({ query }) => findPersonTranscripts(query));
