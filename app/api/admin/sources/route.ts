// GET /api/admin/sources — administrators: every source with its status and last run (never the key).
// POST /api/admin/sources {name, kind, projectId, apiKey, environmentId?, baseUrl?, startDate?} — administrators: a new source (201).
import { json, route } from "@/lib/server/http/route";
import { createSourceSchema } from "@/lib/schemas/sources";
import { createSource, listSources } from "@/lib/server/sources/manage-sources";

export const GET = route({ access: "admin" }, async () => listSources());

export const POST = route({ access: "admin", body: createSourceSchema }, async ({ user, body }) =>
  json(await createSource({ input: body, actor: user }), 201),
);
