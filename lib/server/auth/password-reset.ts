import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { hashPassword } from "./passwords";
import { sendPasswordResetEmail } from "../mail/password-reset-email";
import { isDemoMode } from "../config";
import type { RequestResetResponse, ResetPasswordInput } from "@/lib/schemas/auth";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const RESET_MESSAGES = {
  requested: "If an account exists for that email, a password reset link has been sent.",
  invalidToken: "This reset token is invalid or has expired. Please request a new one.",
  done: "Your password has been reset. You can now sign in.",
} as const;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a single-use token valid for one hour. The answer is the same whether or not the
 * address exists; the token itself is returned only in demo mode, otherwise it is sent by mail
 * (or written to the server log when no SMTP server is configured).
 */
export async function requestPasswordReset(input: { email: string; origin: string }): Promise<RequestResetResponse> {
  const user = await db.user.findUnique({ where: { email: input.email }, select: { id: true, email: true } });
  if (!user) return { message: RESET_MESSAGES.requested };

  const token = randomBytes(32).toString("base64url");
  await db.userToken.create({
    data: { purpose: "password_reset", userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  });
  if (isDemoMode()) return { message: RESET_MESSAGES.requested, token };

  try {
    await sendPasswordResetEmail({ to: user.email, token, origin: input.origin });
  } catch (error) {
    // The caller must not learn from a failure that the account exists; the operator must.
    console.error("Could not send the password reset email:", error);
  }
  return { message: RESET_MESSAGES.requested };
}

/**
 * Sets a new password with a valid token, uses the token up, voids the user's other reset tokens
 * and ends every existing session. Throws 400 for an unknown, used or expired token.
 */
export async function resetPassword(input: ResetPasswordInput, now = new Date()): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  const tokenHash = hashToken(input.token);
  await db.$transaction(async (tx) => {
    // The conditional update claims the token, so two concurrent uses cannot both succeed.
    const claimed = await tx.userToken.updateMany({
      where: { purpose: "password_reset", tokenHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw new AppError("BAD_REQUEST", RESET_MESSAGES.invalidToken);
    const { userId } = await tx.userToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await tx.userToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
  });
  return { message: RESET_MESSAGES.done };
}
