import "server-only";
import type { NextRequest, NextResponse } from "next/server";
import { decode, encode } from "next-auth/jwt";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import { authenticateRequest, type SessionUser } from "./session";
import { isSecureRequest } from "./session-cookie";
import { getAuthSecret } from "@/lib/auth/session-config";
import { isPasswordLoginEnabled, ssoProviders, type SsoProviderConfig } from "@/lib/auth/sso-config";
import type { SignInMethodsResponse } from "@/lib/schemas/sign-in-methods";

// Profile › Sign-in methods: the ways into an account (its password, the identities of configured
// providers), connecting a provider to the signed-in user and disconnecting one. Connecting starts
// here (an intent bound to the caller's session, in an httpOnly cookie) and ends in the provider's
// callback (sso-handler.ts), which links the identity only to the session that asked.

const CONNECT_COOKIE = "portal-sso-connect";
/** Long enough to sign in at the provider; the intent is void once the session that made it ends. */
const CONNECT_MAX_AGE_SECONDS = 10 * 60;
/** Keys the intent apart from session tokens, which use the same secret. */
const CONNECT_SALT = "portal-sso-connect";

/** The configured providers, each marked connected or not, and whether the account has a usable password. */
export async function listSignInMethods({ actor }: { actor: SessionUser }): Promise<SignInMethodsResponse> {
  const [account, identities] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { passwordHash: true } }),
    db.ssoIdentity.findMany({ where: { userId: actor.id }, select: { provider: true } }),
  ]);
  const connected = new Set(identities.map((identity) => identity.provider));
  return {
    hasPassword: account.passwordHash !== null && isPasswordLoginEnabled(),
    providers: ssoProviders().map(({ id, name }) => ({ id, name, isConnected: connected.has(id) })),
  };
}

function configuredProvider(providerId: string): SsoProviderConfig {
  const provider = ssoProviders().find((candidate) => candidate.id === providerId);
  if (!provider) throw new AppError("NOT_FOUND", "Unknown sign-in provider");
  return provider;
}

/**
 * Connect, first half: remembers in an httpOnly cookie (CONNECT_MAX_AGE_SECONDS) that this session asked to
 * connect `providerId`; the client then runs the provider's sign-in. Refused for an unknown provider
 * or one already connected.
 */
export async function startSsoConnect({
  actor,
  providerId,
  req,
  res,
}: {
  actor: SessionUser;
  providerId: string;
  req: NextRequest;
  res: NextResponse;
}): Promise<void> {
  configuredProvider(providerId);
  if (await db.ssoIdentity.count({ where: { userId: actor.id, provider: providerId } }))
    throw new AppError("CONFLICT", "This provider is already connected to your account");
  const token = await encode({
    token: { sub: actor.id, sid: actor.sessionId, provider: providerId },
    secret: getAuthSecret(),
    maxAge: CONNECT_MAX_AGE_SECONDS,
    salt: CONNECT_SALT,
  });
  res.cookies.set(CONNECT_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(req),
    path: "/api/auth",
    maxAge: CONNECT_MAX_AGE_SECONDS,
  });
}

/** Whether the request carries a connect intent at all (valid or not): the callback then clears it. */
export function hasSsoConnectIntent(req: NextRequest): boolean {
  return req.cookies.has(CONNECT_COOKIE);
}

/** The Set-Cookie header that removes the intent. */
export function clearedSsoConnectIntent(req: NextRequest): string {
  return `${CONNECT_COOKIE}=; Path=/api/auth; Max-Age=0; HttpOnly; SameSite=Lax${isSecureRequest(req) ? "; Secure" : ""}`;
}

/**
 * Connect, second half: the user whose session asked to connect `providerId`, when the request
 * still carries that very session; null otherwise (no intent, expired, forged, another provider, or
 * the session ended), and the callback is then an ordinary sign-in.
 */
export async function ssoConnectIntentUser(req: NextRequest, providerId: string): Promise<SessionUser | null> {
  const value = req.cookies.get(CONNECT_COOKIE)?.value;
  if (!value) return null;
  const intent = await decode({ token: value, secret: getAuthSecret(), salt: CONNECT_SALT }).catch(() => null);
  if (!intent || intent.provider !== providerId) return null;
  const session = await authenticateRequest(req).catch(() => null);
  if (!session || session.user.id !== intent.sub || session.user.sessionId !== intent.sid) return null;
  return session.user;
}

/**
 * Disconnect: removes the user's identity of a configured provider. Refused (409) when it would
 * leave the account no way in: no password usable (none set, or PASSWORD_LOGIN=off) and no other
 * configured provider connected. Recorded in the audit log.
 */
export async function disconnectSsoProvider({
  actor,
  providerId,
}: {
  actor: SessionUser;
  providerId: string;
}): Promise<SignInMethodsResponse> {
  configuredProvider(providerId);
  await db.$transaction(async (tx) => {
    // A write that changes nothing locks the account's row (PostgreSQL) or the database (SQLite):
    // two disconnects at once run one after the other, and the second sees the first's.
    const [account] = await tx.$queryRaw<{ id: string; email: string; passwordHash: string | null }[]>`
      UPDATE "User" SET "email" = "email" WHERE "id" = ${actor.id} RETURNING "id", "email", "passwordHash"`;
    if (!account) throw new AppError("UNAUTHORIZED", "Authentication required");
    const identities = await tx.ssoIdentity.findMany({ where: { userId: actor.id }, select: { provider: true } });
    if (!identities.some((identity) => identity.provider === providerId))
      throw new AppError("NOT_FOUND", "This provider is not connected to your account");
    const configured = new Set(ssoProviders().map((provider) => provider.id));
    const hasPassword = account.passwordHash !== null && isPasswordLoginEnabled();
    const hasOtherProvider = identities.some((identity) => identity.provider !== providerId && configured.has(identity.provider));
    if (!hasPassword && !hasOtherProvider) {
      throw new AppError(
        "CONFLICT",
        isPasswordLoginEnabled()
          ? "This is the only way to sign in to your account. Set a password (Forgot password on the sign-in screen) or connect another provider first."
          : "This is the only way to sign in to your account. Connect another provider first.",
      );
    }
    await tx.ssoIdentity.deleteMany({ where: { userId: actor.id, provider: providerId } });
    await recordAuditEvent(tx, {
      actor: account,
      action: "user.sso_disconnect",
      targetType: "user",
      targetId: account.id,
      targetLabel: account.email,
      details: { provider: providerId },
    });
  });
  return listSignInMethods({ actor });
}
