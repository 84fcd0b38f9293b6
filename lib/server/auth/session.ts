import "server-only";
import type { NextRequest } from "next/server";
import { encode, decode } from "next-auth/jwt";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { SESSION_COOKIE_NAME, getAuthSecret, sessionLifetimes } from "@/lib/auth/session-config";

/** The signed-in user as the server trusts it: re-read from the database on every request. */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  /** The session the request came with; absent for actors outside a request (scripts, the demo seed). */
  sessionId?: string;
}

interface SessionClaims {
  sub: string;
  /** The Session row this token stands for: deleting the row ends the token. */
  sid: string;
  /** Whether the user was an administrator at issue; used by middleware only to route pages. */
  adm: boolean;
}

/**
 * lastSeenAt moves forward only once it lags by this share of the idle timeout, so that nearly
 * every request only reads; an idle session may thus end up to this share early.
 */
const LAST_SEEN_STEP = 1 / 12;

const ENDED_MESSAGE = "Your session has ended. Please sign in again.";

/**
 * Starts a session for a user who has just proven who they are: a Session row, and a token naming
 * it that lasts the absolute lifetime. Sessions that have ended are deleted on the way: all that
 * expired (through their index) and the user's own idle ones.
 */
export async function issueSessionToken(user: { id: string; isAdmin: boolean }): Promise<string> {
  const now = Date.now();
  const { maxAgeSeconds, idleSeconds } = sessionLifetimes();
  const [, session] = await db.$transaction([
    db.session.deleteMany({
      where: { OR: [{ expiresAt: { lte: new Date(now) } }, { userId: user.id, lastSeenAt: { lte: new Date(now - idleSeconds * 1000) } }] },
    }),
    db.session.create({
      data: { userId: user.id, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + maxAgeSeconds * 1000) },
      select: { id: true },
    }),
  ]);
  const claims: SessionClaims = { sub: user.id, sid: session.id, adm: user.isAdmin };
  return encode({ token: { ...claims }, secret: getAuthSecret(), maxAge: maxAgeSeconds });
}

interface SessionRow {
  userId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string;
  name: string | null;
  isAdmin: boolean;
  approved: boolean;
  isActive: boolean;
}

/**
 * Resolves the caller from the bearer token or the session cookie, failing closed: a token that
 * is forged or expired, whose session was ended, has expired or sat idle too long, or whose user
 * is gone, unapproved or revoked, is refused with 401. One primary-key lookup per request; it
 * writes only to move lastSeenAt forward now and then, or to delete a session found ended.
 */
export async function authenticateRequest(req: NextRequest): Promise<{ user: SessionUser; viaCookie: boolean }> {
  const { token, viaCookie } = readSessionToken(req);
  if (!token) throw new AppError("UNAUTHORIZED", "Authentication required");

  const claims = await decodeClaims(token);
  if (!claims) throw new AppError("UNAUTHORIZED", "Invalid or expired session");

  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s."userId", s."lastSeenAt", s."expiresAt", u."email", u."name", u."isAdmin", u."approved", u."isActive"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ${claims.sid}`;
  const session = rows[0];
  if (!session || session.userId !== claims.sub) throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);

  const now = Date.now();
  const { idleSeconds } = sessionLifetimes();
  const idleMs = now - session.lastSeenAt.getTime();
  if (session.expiresAt.getTime() <= now || idleMs >= idleSeconds * 1000) {
    await db.session.deleteMany({ where: { id: claims.sid } });
    throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);
  }
  if (!session.approved || !session.isActive) throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);
  if (idleMs >= idleSeconds * 1000 * LAST_SEEN_STEP) {
    await db.session.updateMany({ where: { id: claims.sid }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    user: { id: claims.sub, email: session.email, name: session.name, isAdmin: session.isAdmin, sessionId: claims.sid },
    viaCookie,
  };
}

/**
 * Logout: deletes the session the request's token (bearer or cookie) names, if any. Needs no
 * live session, so a client whose session already ended can still log out.
 */
export async function endSession(req: NextRequest): Promise<void> {
  const { token } = readSessionToken(req);
  const claims = token ? await decodeClaims(token) : null;
  if (claims) await db.session.deleteMany({ where: { id: claims.sid, userId: claims.sub } });
}

/** Sign out of all devices: deletes every session of the user, the caller's own included. */
export async function endAllSessions({ actor }: { actor: SessionUser }): Promise<{ message: string }> {
  await db.session.deleteMany({ where: { userId: actor.id } });
  return { message: "You have been signed out of all devices." };
}

/** The bearer token wins over the cookie. */
export function readSessionToken(req: NextRequest): { token: string | undefined; viaCookie: boolean } {
  const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return bearer ? { token: bearer, viaCookie: false } : { token: req.cookies.get(SESSION_COOKIE_NAME)?.value, viaCookie: true };
}

async function decodeClaims(token: string): Promise<SessionClaims | null> {
  try {
    const decoded = await decode({ token, secret: getAuthSecret() });
    if (!decoded || typeof decoded.sub !== "string" || typeof decoded.sid !== "string") return null;
    return { sub: decoded.sub, sid: decoded.sid, adm: decoded.adm === true };
  } catch {
    return null;
  }
}
