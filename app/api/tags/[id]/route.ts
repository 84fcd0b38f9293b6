// PATCH /api/tags/{id} {name?, color?} and DELETE /api/tags/{id} — administrators. A rename or a
// deletion shows on every transcript holding the tag. Unknown id: 404; a taken name: 409.
import { route } from "@/lib/server/http/route";
import { tagParamsSchema, updateTagSchema } from "@/lib/schemas/review";
import { deleteTag, updateTag } from "@/lib/server/review/manage-tags";

export const PATCH = route({ access: "admin", params: tagParamsSchema, body: updateTagSchema }, async ({ params, body, user }) =>
  updateTag(params.id, body, user),
);

export const DELETE = route({ access: "admin", params: tagParamsSchema }, async ({ params, user }) => {
  await deleteTag(params.id, user);
  return { ok: true };
});
