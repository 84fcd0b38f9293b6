import "server-only";
import { storeKeyRead } from "./active-database";
import { join, sql } from "./sql";

/** A session with its user, as the driver returns it: DATETIME as Date or ISO text, booleans as true/false or 1/0. */
export interface StoredSession {
  userId: string;
  lastSeenAt: unknown;
  expiresAt: unknown;
  email: string;
  name: string | null;
  isAdmin: unknown;
  approved: unknown;
  isActive: unknown;
}

/**
 * The session and its user, by the session's id: the check of every signed-in request, one
 * primary-key lookup on the store's own connections (not Prisma's query compiler), outside the
 * read budget.
 */
export async function readSession(sessionId: string): Promise<StoredSession | null> {
  const rows = await storeKeyRead<StoredSession>(sql`
    SELECT s."userId", s."lastSeenAt", s."expiresAt", u."email", u."name", u."isAdmin", u."approved", u."isActive"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${sessionId}`);
  return rows[0] ?? null;
}

/** Which of these ids (at most a thousand) are recorded as erased on request: a primary-key read. */
export async function erasedIdsAmong(ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await storeKeyRead<{ id: string }>(sql`SELECT "id" FROM "ErasedTranscript" WHERE "id" IN (${join([...ids])})`);
  return rows.map((row) => row.id);
}
