import "server-only";
import type { NextRequest } from "next/server";
import { encode, decode } from "next-auth/jwt";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS, getAuthSecret } from "@/lib/auth/session-config";

/** The signed-in user as the server trusts it: re-read from the database on every request. */
export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

interface SessionClaims {
  sub: string;
  /** The user's sessionVersion when the token was issued. */
  sv: number;
  /** Whether the user was an administrator at issue; used by middleware only to route pages. */
  adm: boolean;
}

export async function issueSessionToken(user: { id: string; sessionVersion: number; isAdmin: boolean }): Promise<string> {
  const claims: SessionClaims = { sub: user.id, sv: user.sessionVersion, adm: user.isAdmin };
  return encode({ token: { ...claims }, secret: getAuthSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
}

/**
 * Resolves the caller from the bearer token or the session cookie, failing closed: a token that
 * is forged or expired, or whose user is gone, unapproved, revoked or has a newer sessionVersion,
 * is refused with 401.
 */
export async function authenticateRequest(req: NextRequest): Promise<{ user: SessionUser; viaCookie: boolean }> {
  const bearer = readBearer(req.headers.get("authorization"));
  const token = bearer ?? req.cookies.get(SESSION_COOKIE_NAME)?.value;
  if (!token) throw new AppError("UNAUTHORIZED", "Authentication required");

  const claims = await decodeClaims(token);
  if (!claims) throw new AppError("UNAUTHORIZED", "Invalid or expired session");

  const user = await db.user.findUnique({ where: { id: claims.sub } });
  if (!user || !user.approved || !user.isActive || user.sessionVersion !== claims.sv) {
    throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin },
    viaCookie: bearer === null,
  };
}

function readBearer(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

async function decodeClaims(token: string): Promise<SessionClaims | null> {
  try {
    const decoded = await decode({ token, secret: getAuthSecret() });
    if (!decoded || typeof decoded.sub !== "string" || typeof decoded.sv !== "number") return null;
    return { sub: decoded.sub, sv: decoded.sv, adm: decoded.adm === true };
  } catch {
    return null;
  }
}
