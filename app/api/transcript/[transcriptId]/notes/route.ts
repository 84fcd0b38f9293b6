// POST /api/transcript/{id}/notes {body} — approved users: the note (201); 404 for an unknown transcript.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { transcriptIdParamsSchema } from "@/lib/schemas/transcripts";
import { NOTE_MAX_LENGTH, noteBodySchema } from "@/lib/schemas/review";
import { createNote } from "@/lib/server/review/manage-notes";

export const POST = route(
  { access: "user", params: transcriptIdParamsSchema, body: noteBodySchema, maxBodyBytes: NOTE_MAX_LENGTH * 4 + 1024 },
  async ({ params, body, user }) => NextResponse.json(await createNote(params.transcriptId, body.body, user), { status: 201 }),
);
