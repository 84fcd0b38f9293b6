import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db";

// Single-use tokens sent by e-mail (the UserToken table). Only a token's SHA-256 is stored, so a
// copy of the database cannot be used to reset a password or confirm an address.

export type TokenPurpose = "password_reset" | "email_verification" | "email_change";

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
};

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh random token and the row that stores its hash. */
export function newToken(input: { purpose: TokenPurpose; userId: string; email?: string; now?: Date }) {
  const token = randomBytes(32).toString("base64url");
  const now = input.now ?? new Date();
  const row = {
    purpose: input.purpose,
    userId: input.userId,
    email: input.email ?? null,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[input.purpose]),
  };
  return { token, row };
}

type TokenWriter = Pick<Database, "userToken">;

/**
 * Uses a token up if it is known, unused, unexpired and of one of the purposes; returns its row,
 * or null. The conditional update claims it, so two concurrent uses cannot both succeed.
 */
export async function claimToken(tx: TokenWriter, input: { token: string; purposes: TokenPurpose[]; now: Date }) {
  const tokenHash = hashToken(input.token);
  const claimed = await tx.userToken.updateMany({
    where: { tokenHash, purpose: { in: input.purposes }, usedAt: null, expiresAt: { gt: input.now } },
    data: { usedAt: input.now },
  });
  if (claimed.count !== 1) return null;
  return tx.userToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true, purpose: true, email: true } });
}

/** Voids the user's unused tokens of a purpose, e.g. when a newer one replaces them or the password changes. */
export async function voidTokens(tx: TokenWriter, input: { userId: string; purpose: TokenPurpose; now: Date }): Promise<void> {
  await tx.userToken.updateMany({ where: { userId: input.userId, purpose: input.purpose, usedAt: null }, data: { usedAt: input.now } });
}
