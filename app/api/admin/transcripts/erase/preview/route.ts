// POST /api/admin/transcripts/erase/preview {ids | sessionId | contains | email | phone} — administrators: {count},
// how many transcripts an erasure of that target would delete now.
import { route } from "@/lib/server/http/route";
import { erasureTargetSchema } from "@/lib/schemas/privacy";
import { previewErasure } from "@/lib/server/privacy/erase-transcripts";

export const POST = route({ access: "admin", body: erasureTargetSchema }, async ({ body }) => previewErasure(body));
