import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { hashPassword } from "./passwords";
import { isDemoMode } from "../config";
import { claimToken, newToken, voidTokens } from "../users/user-tokens";
import { passwordResetMail } from "../mail/account-emails";
import { sendMail } from "../mail/send-mail";
import { runAfterResponse } from "../mail/after-response";
import type { RequestResetResponse, ResetPasswordInput } from "@/lib/schemas/auth";

export const RESET_MESSAGES = {
  requested: "If an account exists for that email, a password reset link has been sent.",
  invalidToken: "This reset token is invalid or has expired. Please request a new one.",
  done: "Your password has been reset. You can now sign in.",
} as const;

/**
 * Issues a single-use token valid for one hour. The answer is the same, and comes as fast, whether
 * or not the address has an account: the token is issued and mailed after the answer. Demo mode
 * returns the token itself instead (the Forgot password screen shows it).
 */
export async function requestPasswordReset(input: { email: string; origin: string }): Promise<RequestResetResponse> {
  if (isDemoMode()) {
    const issued = await issueResetToken(input.email);
    return issued ? { message: RESET_MESSAGES.requested, token: issued.token } : { message: RESET_MESSAGES.requested };
  }
  runAfterResponse("password reset", async () => {
    const issued = await issueResetToken(input.email);
    if (issued) await sendMail("password reset", () => passwordResetMail({ to: issued.email, token: issued.token, origin: input.origin }));
  });
  return { message: RESET_MESSAGES.requested };
}

async function issueResetToken(email: string): Promise<{ token: string; email: string } | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) return null;
  const { token, row } = newToken({ purpose: "password_reset", userId: user.id });
  await db.userToken.create({ data: row });
  return { token, email: user.email };
}

/**
 * Sets a new password with a valid token, uses the token up, voids the user's other reset tokens
 * and pending e-mail changes, and ends every session. Throws 400 for an unknown, used or expired token.
 */
export async function resetPassword(input: ResetPasswordInput, now = new Date()): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const claimed = await claimToken(tx, { token: input.token, purposes: ["password_reset"], now });
    if (!claimed) throw new AppError("BAD_REQUEST", RESET_MESSAGES.invalidToken);
    await tx.user.update({ where: { id: claimed.userId }, data: { passwordHash } });
    await voidTokens(tx, { userId: claimed.userId, purpose: "password_reset", now });
    await voidTokens(tx, { userId: claimed.userId, purpose: "email_change", now });
    await tx.session.deleteMany({ where: { userId: claimed.userId } });
  });
  return { message: RESET_MESSAGES.done };
}
