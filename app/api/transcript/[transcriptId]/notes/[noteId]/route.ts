// PATCH /api/transcript/{id}/notes/{noteId} {body} — the note's author: the note.
// DELETE /api/transcript/{id}/notes/{noteId} — its author or an administrator. Unknown ids: 404.
import { route } from "@/lib/server/http/route";
import { NOTE_MAX_LENGTH, noteBodySchema, noteParamsSchema } from "@/lib/schemas/review";
import { deleteNote, updateNote } from "@/lib/server/review/manage-notes";

export const PATCH = route(
  { access: "user", params: noteParamsSchema, body: noteBodySchema, maxBodyBytes: NOTE_MAX_LENGTH * 4 + 1024 },
  async ({ params, body, user }) => updateNote(params.transcriptId, params.noteId, body.body, user),
);

export const DELETE = route({ access: "user", params: noteParamsSchema }, async ({ params, user }) => {
  await deleteNote(params.transcriptId, params.noteId, user);
  return { ok: true };
});
