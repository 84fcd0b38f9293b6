import "server-only";
import { DELETED_USER_NAME, type NoteAuthor, type PersonRef } from "@/lib/schemas/review";

type PersonRow = { id: string; email: string; name: string | null } | null;

export function personOf(user: PersonRow): PersonRef | null {
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/** A note keeps its text when its author's account is deleted; it then reads as written by "Deleted user". */
export function noteAuthorOf(user: PersonRow): NoteAuthor {
  return personOf(user) ?? { id: null, email: null, name: DELETED_USER_NAME };
}

export const PERSON_FIELDS = { select: { id: true, email: true, name: true } } as const;
