import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { claimToken, voidTokens } from "./user-tokens";
import type { ConfirmEmailInput, MessageResponse } from "@/lib/schemas/auth";

export const CONFIRM_EMAIL_MESSAGES = {
  invalid: "This confirmation link is invalid or has expired.",
  registration: "Your email address is confirmed. An administrator must approve your account before you can sign in.",
  change: "Your new email address is confirmed. Use it to sign in from now on.",
  taken: "That email address is already used by another account",
} as const;

/**
 * Uses a confirmation link once. A registration's link marks the address verified, which puts the
 * account on the administrators' pending list; an e-mail change's link makes the new address the
 * account's (verified), voiding other pending changes. Throws 400 for an unknown, used or expired
 * link and 409 when the new address was taken meanwhile.
 */
export async function confirmEmail(input: ConfirmEmailInput, now = new Date()): Promise<MessageResponse> {
  try {
    return await db.$transaction(async (tx) => {
      const claimed = await claimToken(tx, { token: input.token, purposes: ["email_verification", "email_change"], now });
      if (!claimed) throw new AppError("BAD_REQUEST", CONFIRM_EMAIL_MESSAGES.invalid);
      if (claimed.purpose === "email_change" && claimed.email) {
        await tx.user.update({ where: { id: claimed.userId }, data: { email: claimed.email, emailVerifiedAt: now } });
        await voidTokens(tx, { userId: claimed.userId, purpose: "email_change", now });
        return { message: CONFIRM_EMAIL_MESSAGES.change };
      }
      await tx.user.update({ where: { id: claimed.userId }, data: { emailVerifiedAt: now } });
      return { message: CONFIRM_EMAIL_MESSAGES.registration };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", CONFIRM_EMAIL_MESSAGES.taken);
    throw error;
  }
}
