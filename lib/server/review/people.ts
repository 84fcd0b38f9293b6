import "server-only";
import { db } from "../db";
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

/**
 * Everyone a transcript can be assigned to: approved users whose access is not revoked, by name
 * (then e-mail). Approved users: assigning hands a conversation to a colleague, so they see the team.
 */
export async function listAssignablePeople(): Promise<PersonRef[]> {
  const users = await db.user.findMany({ where: { approved: true, isActive: true }, ...PERSON_FIELDS });
  return users
    .map((user) => personOf(user)!)
    .sort((a, b) => personSortName(a).localeCompare(personSortName(b)) || a.email.localeCompare(b.email));
}

const personSortName = (person: PersonRef) => (person.name?.trim() || person.email).toLocaleLowerCase();
