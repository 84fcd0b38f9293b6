// GET /api/admin/ingest-keys — administrators: every ingest key (never the key itself).
// POST /api/admin/ingest-keys {name} — administrators: a new key, shown in this answer only (201).
import { json, route } from "@/lib/server/http/route";
import { createIngestKeySchema } from "@/lib/schemas/ingest";
import { createIngestKey, listIngestKeys } from "@/lib/server/ingest/ingest-keys";

export const GET = route({ access: "admin" }, async () => listIngestKeys());

export const POST = route({ access: "admin", body: createIngestKeySchema }, async ({ user, body }) =>
  json(await createIngestKey({ name: body.name, actor: user }), 201),
);
