import "server-only";
import { hkdfSync } from "node:crypto";
import type { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { jwtDecrypt } from "jose";
import { db } from "../db";
import { readSession } from "../store";
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

const epochMs = (value: unknown): number => (value instanceof Date ? value.getTime() : Date.parse(String(value)));
/** Only true or 1 is true: a flag read as anything else refuses (fails closed). */
const isSet = (value: unknown): boolean => value === true || value === 1 || value === BigInt(1);

/**
 * Resolves the caller from the bearer token or the session cookie, failing closed: a token that
 * is forged or expired, whose session was ended, has expired or sat idle too long, or whose user
 * is gone, unapproved or revoked, is refused with 401. One primary-key lookup per request, on the
 * store's own connections (its driver, not Prisma's query compiler; one statement, as a key lookup
 * runs without the read budget): nothing
 * about the session or the user is kept between requests, so that a revocation, a role change or a
 * logout holds from the very next request. It writes only to move lastSeenAt forward now and then,
 * or to delete a session found ended.
 */
export async function authenticateRequest(req: NextRequest): Promise<{ user: SessionUser; viaCookie: boolean }> {
  const { token, viaCookie } = readSessionToken(req);
  return { user: await authenticateSessionToken(token), viaCookie };
}

/** The user a session token stands for, by the rules of authenticateRequest; throws 401 otherwise. */
export async function authenticateSessionToken(token: string | undefined): Promise<SessionUser> {
  if (!token) throw new AppError("UNAUTHORIZED", "Authentication required");

  const claims = await decodeClaims(token);
  if (!claims) throw new AppError("UNAUTHORIZED", "Invalid or expired session");

  const session = await readSession(claims.sid);
  if (!session || session.userId !== claims.sub) throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);

  const now = Date.now();
  const { idleSeconds } = sessionLifetimes();
  const idleMs = now - epochMs(session.lastSeenAt);
  const expiresAtMs = epochMs(session.expiresAt);
  // A date that does not parse (NaN) passes neither comparison: it ends the session.
  if (!(expiresAtMs > now) || !(idleMs < idleSeconds * 1000)) {
    await db.session.deleteMany({ where: { id: claims.sid } });
    throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);
  }
  if (!isSet(session.approved) || !isSet(session.isActive)) throw new AppError("UNAUTHORIZED", ENDED_MESSAGE);
  if (idleMs >= idleSeconds * 1000 * LAST_SEEN_STEP) {
    await db.session.updateMany({ where: { id: claims.sid }, data: { lastSeenAt: new Date(now) } });
  }
  return { id: claims.sub, email: session.email, name: session.name, isAdmin: isSet(session.isAdmin), sessionId: claims.sid };
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

/**
 * The key next-auth's encode() encrypts session tokens with, derived from the secret as it derives
 * it (HKDF-SHA256, empty salt, its info string). Deriving it costs more than decrypting a token, so
 * it is derived once per secret; a changed secret (a test, a rotation) gets a key of its own.
 */
const derivedKey = { secret: "", key: new Uint8Array() };

function encryptionKey(secret: string): Uint8Array {
  if (derivedKey.secret !== secret) {
    derivedKey.key = new Uint8Array(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32));
    derivedKey.secret = secret;
  }
  return derivedKey.key;
}

/** The claims of a token as next-auth's decode() reads them: dir + A256GCM, exp checked with 15 s of clock tolerance. */
async function decodeClaims(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtDecrypt(token, encryptionKey(getAuthSecret()), {
      clockTolerance: 15,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { sub: payload.sub, sid: payload.sid, adm: payload.adm === true };
  } catch {
    return null;
  }
}
