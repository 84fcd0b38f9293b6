// DELETE /api/admin/ingest-keys/{keyId} — administrators: revokes the key at once (it stays listed as revoked).
import { route } from "@/lib/server/http/route";
import { ingestKeyIdParamsSchema } from "@/lib/schemas/ingest";
import { revokeIngestKey } from "@/lib/server/ingest/ingest-keys";

export const DELETE = route({ access: "admin", params: ingestKeyIdParamsSchema }, async ({ user, params }) =>
  revokeIngestKey({ keyId: params.keyId, actor: user }),
);
