import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { verifyPassword } from "../auth/passwords";
import { claimAttempt, minutesText, releaseAttempt } from "../auth/throttle";

/** Wrong current passwords per account before changes that need it wait: a stolen session cannot guess it. */
export const CURRENT_PASSWORD_THROTTLE = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

export const CURRENT_PASSWORD_MESSAGES = {
  wrong: "Your current password is incorrect",
  none: "Your account signs in with single sign-on and has no password to confirm this change with.",
  tooMany: (minutes: number) => `Too many incorrect passwords. Please try again in ${minutesText(minutes)}.`,
} as const;

/**
 * Proves that the signed-in user knows their password before a change that could take the account
 * over (its e-mail or password). Throws 400 when it is missing, 403 when it is wrong or the account
 * has none (made by single sign-on), and 429 after too many wrong ones in the window; a right one
 * no longer counts.
 */
export async function assertCurrentPassword(userId: string, password: string | undefined, missingMessage: string): Promise<void> {
  if (!password) throw new AppError("BAD_REQUEST", missingMessage);
  const attempt = await claimAttempt(
    [{ key: `current-password:user:${userId}`, limit: CURRENT_PASSWORD_THROTTLE.limit, windowMs: CURRENT_PASSWORD_THROTTLE.windowMs }],
    CURRENT_PASSWORD_MESSAGES.tooMany,
  );
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  if (!user.passwordHash) throw new AppError("FORBIDDEN", CURRENT_PASSWORD_MESSAGES.none);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError("FORBIDDEN", CURRENT_PASSWORD_MESSAGES.wrong);
  await releaseAttempt(attempt);
}
