import "server-only";
import { db } from "../db";
import { AppError, notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { transcriptKeyOf } from "./find-transcript-key";
import { noteAuthorOf, PERSON_FIELDS } from "./people";
import type { NoteItem } from "@/lib/schemas/review";

export const NOTE_NOT_FOUND = "Note not found";

type NoteRow = {
  id: string;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  author: { id: string; email: string; name: string | null } | null;
};

function toNoteItem(note: NoteRow): NoteItem {
  return {
    id: note.id,
    author: noteAuthorOf(note.author),
    body: note.body,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

/** POST /api/transcript/{id}/notes: any approved user. */
export async function createNote(transcriptId: string, body: string, actor: SessionUser): Promise<NoteItem> {
  return db.$transaction(async (tx) => {
    const sortKey = await transcriptKeyOf(tx, transcriptId);
    const note = await tx.transcriptNote.create({ data: { sortKey, authorId: actor.id, body }, include: { author: PERSON_FIELDS } });
    await recordAuditEvent(tx, {
      actor,
      action: "transcript.note_create",
      targetType: "transcript",
      targetId: transcriptId,
      details: { noteId: note.id },
    });
    return toNoteItem(note);
  });
}

/** The note of that transcript; NOT_FOUND for an unknown transcript or a note of another one. */
async function noteOf(transcriptId: string, noteId: string) {
  const note = await db.transcriptNote.findUnique({ where: { id: noteId }, include: { transcript: { select: { id: true } } } });
  if (!note || note.transcript.id !== transcriptId) throw notFound(NOTE_NOT_FOUND);
  return note;
}

/** PATCH /api/transcript/{id}/notes/{noteId}: its author only. */
export async function updateNote(transcriptId: string, noteId: string, body: string, actor: SessionUser): Promise<NoteItem> {
  const note = await noteOf(transcriptId, noteId);
  if (note.authorId !== actor.id) throw new AppError("FORBIDDEN", "Only its author can edit a note");
  return db.$transaction(async (tx) => {
    const updated = await tx.transcriptNote.update({ where: { id: noteId }, data: { body }, include: { author: PERSON_FIELDS } });
    await recordAuditEvent(tx, {
      actor,
      action: "transcript.note_update",
      targetType: "transcript",
      targetId: transcriptId,
      details: { noteId },
    });
    return toNoteItem(updated);
  });
}

/** DELETE /api/transcript/{id}/notes/{noteId}: its author, or an administrator. */
export async function deleteNote(transcriptId: string, noteId: string, actor: SessionUser): Promise<void> {
  const note = await noteOf(transcriptId, noteId);
  if (note.authorId !== actor.id && !actor.isAdmin)
    throw new AppError("FORBIDDEN", "Only its author or an administrator can delete a note");
  await db.$transaction(async (tx) => {
    await tx.transcriptNote.delete({ where: { id: noteId } });
    await recordAuditEvent(tx, {
      actor,
      action: "transcript.note_delete",
      targetType: "transcript",
      targetId: transcriptId,
      details: { noteId, authorId: note.authorId },
    });
  });
}
