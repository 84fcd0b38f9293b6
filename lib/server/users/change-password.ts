import "server-only";
import { db } from "../db";
import { hashPassword } from "../auth/passwords";
import { assertCurrentPassword } from "./current-password";
import { voidTokens } from "./user-tokens";
import type { SessionUser } from "../auth/session";
import type { PasswordChangeInput } from "@/lib/schemas/users";

export const PASSWORD_CHANGED_MESSAGE = "Your password has been changed. Every other device has been signed out.";

/**
 * Sets a new password for the signed-in user, who must give the current one (403 when wrong, 429
 * after too many). Every other session ends, and so do pending reset links and e-mail changes;
 * the caller's own session stays.
 */
export async function changePassword({ actor, input }: { actor: SessionUser; input: PasswordChangeInput }): Promise<{ message: string }> {
  await assertCurrentPassword(actor.id, input.currentPassword, "Current password is required");
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.id }, data: { passwordHash } });
    await voidTokens(tx, { userId: actor.id, purpose: "password_reset", now });
    await voidTokens(tx, { userId: actor.id, purpose: "email_change", now });
    await tx.session.deleteMany({ where: { userId: actor.id, ...(actor.sessionId ? { id: { not: actor.sessionId } } : {}) } });
  });
  return { message: PASSWORD_CHANGED_MESSAGE };
}
