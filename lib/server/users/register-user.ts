import "server-only";
import { db } from "../db";
import { hashPassword } from "../auth/passwords";
import { smtpSettings } from "../config";
import { newToken } from "./user-tokens";
import { registrationConfirmationMail } from "../mail/account-emails";
import { sendMail } from "../mail/send-mail";
import { runAfterResponse } from "../mail/after-response";
import type { RegisterInput } from "@/lib/schemas/auth";

/** Without SMTP: the account waits for an administrator, who sees that its address is not verified. */
export const REGISTERED_MESSAGE = "Account created. An administrator must approve it before you can sign in.";

/** With SMTP: the address is confirmed from its mailbox before administrators see the account. */
export const CONFIRM_REGISTRATION_MESSAGE =
  "Check your email for a link to confirm your address. Once it is confirmed, an administrator must approve your account before you can sign in.";

/**
 * Registers a pending account. The answer is the same for new and existing addresses, and the
 * password is hashed for both, so the endpoint cannot be used to discover accounts.
 *
 * With SMTP the account stays unconfirmed (kept from the administrators' pending list) until the
 * link mailed to the address is opened; a new registration of an unconfirmed, unapproved address
 * replaces the earlier one (its password and link), so nobody can hold a colleague's address by
 * registering it first. An address that is confirmed, or already approved, changes nothing.
 * Without SMTP a new address gets an unconfirmed account and an existing one changes nothing.
 */
export async function registerUser(input: RegisterInput & { origin: string }): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, approved: true, emailVerifiedAt: true } });

  if (!smtpSettings()) {
    if (!existing) await createRegistration({ email: input.email, passwordHash, withConfirmation: false });
    return { message: REGISTERED_MESSAGE };
  }
  if (existing && (existing.emailVerifiedAt || existing.approved)) return { message: CONFIRM_REGISTRATION_MESSAGE };

  const token = existing
    ? await replaceRegistration(existing.id, passwordHash)
    : await createRegistration({ email: input.email, passwordHash, withConfirmation: true });
  if (token) {
    runAfterResponse("registration confirmation", () =>
      sendMail("registration confirmation", () => registrationConfirmationMail({ to: input.email, token, origin: input.origin })),
    );
  }
  return { message: CONFIRM_REGISTRATION_MESSAGE };
}

/**
 * Creates the pending account and, with confirmation, the token of its link (returned). A
 * concurrent registration of the same address wins silently: null.
 */
async function createRegistration(input: { email: string; passwordHash: string; withConfirmation: boolean }): Promise<string | null> {
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: input.email, passwordHash: input.passwordHash }, select: { id: true } });
      if (!input.withConfirmation) return null;
      const { token, row } = newToken({ purpose: "email_verification", userId: user.id });
      await tx.userToken.create({ data: row });
      return token;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}

/**
 * The newest registration of an unconfirmed address wins: its password, a fresh link, and the
 * earlier links void, and so are single sign-on identities linked to it (their provider did not
 * verify the address either).
 */
async function replaceRegistration(userId: string, passwordHash: string): Promise<string | null> {
  return db.$transaction(async (tx) => {
    const replaced = await tx.user.updateMany({
      where: { id: userId, approved: false, emailVerifiedAt: null },
      data: { passwordHash, createdAt: new Date() },
    });
    if (replaced.count !== 1) return null;
    await tx.ssoIdentity.deleteMany({ where: { userId } });
    await tx.userToken.deleteMany({ where: { userId, purpose: "email_verification" } });
    const { token, row } = newToken({ purpose: "email_verification", userId });
    await tx.userToken.create({ data: row });
    return token;
  });
}
