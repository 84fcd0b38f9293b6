// PATCH /api/admin/sources/{sourceId} {name?, projectId?, apiKey?, environmentId?, baseUrl?, startDate?, paused?} — administrators: the changed source.
// DELETE /api/admin/sources/{sourceId}?withTranscripts=true — administrators: deletes it (and, if asked, the transcripts it brought).
import { route } from "@/lib/server/http/route";
import { deleteSourceQuerySchema, sourceIdParamsSchema, updateSourceSchema } from "@/lib/schemas/sources";
import { deleteSource, updateSource } from "@/lib/server/sources/manage-sources";

export const PATCH = route({ access: "admin", params: sourceIdParamsSchema, body: updateSourceSchema }, async ({ user, params, body }) =>
  updateSource({ sourceId: params.sourceId, input: body, actor: user }),
);

export const DELETE = route(
  { access: "admin", params: sourceIdParamsSchema, query: deleteSourceQuerySchema },
  async ({ user, params, query }) =>
    deleteSource({ sourceId: params.sourceId, withTranscripts: query.withTranscripts === "true", actor: user }),
);
