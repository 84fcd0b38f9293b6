import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { smtpSettings } from "../config";
import { toProfileDto } from "./user-dto";
import { assertCurrentPassword } from "./current-password";
import { newToken, voidTokens } from "./user-tokens";
import { emailChangeConfirmationMail, emailChangeNoticeMail } from "../mail/account-emails";
import { sendMail } from "../mail/send-mail";
import { runAfterResponse } from "../mail/after-response";
import type { SessionUser } from "../auth/session";
import type { ProfileDto, ProfileUpdateInput, ProfileUpdateResponse } from "@/lib/schemas/users";

export const PROFILE_MESSAGES = {
  emailTaken: "That email address is already used by another account",
  passwordNeeded: "Enter your current password to change your email address",
  confirmationSent: (email: string) => `We sent a confirmation link to ${email}. Your email address changes once you open it.`,
} as const;

const profileSelect = { id: true, email: true, name: true, createdAt: true } as const;

/** The signed-in user's own profile, with the new address that awaits confirmation, if any. */
export async function getProfile({ actor }: { actor: SessionUser }, now = new Date()): Promise<ProfileDto> {
  const user = await db.user.findUnique({
    where: { id: actor.id },
    select: {
      ...profileSelect,
      tokens: {
        where: { purpose: "email_change", usedAt: null, expiresAt: { gt: now } },
        orderBy: { createdAt: "desc" },
        take: 1,
        select: { email: true },
      },
    },
  });
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  return toProfileDto(user, user.tokens[0]?.email ?? null);
}

/**
 * Changes the signed-in user's name and/or e-mail. A new e-mail needs the current password (400
 * without it, 403 when wrong, 429 after too many) and must be free (409). With SMTP the new address
 * takes effect only once the link mailed to it is opened (see confirm-email.ts) and the old address
 * is told; without SMTP it takes effect at once, marked not verified.
 */
export async function updateProfile({
  actor,
  changes,
  origin,
}: {
  actor: SessionUser;
  changes: ProfileUpdateInput;
  origin: string;
}): Promise<ProfileUpdateResponse> {
  const current = await db.user.findUnique({ where: { id: actor.id }, select: { email: true } });
  if (!current) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  const newEmail = changes.email !== undefined && changes.email !== current.email ? changes.email : undefined;
  if (newEmail) {
    await assertCurrentPassword(actor.id, changes.currentPassword, PROFILE_MESSAGES.passwordNeeded);
    if (await db.user.findUnique({ where: { email: newEmail }, select: { id: true } }))
      throw new AppError("CONFLICT", PROFILE_MESSAGES.emailTaken);
  }

  if (newEmail && smtpSettings()) {
    const now = new Date();
    const token = await db.$transaction(async (tx) => {
      if (changes.name !== undefined) await tx.user.update({ where: { id: actor.id }, data: { name: changes.name } });
      await voidTokens(tx, { userId: actor.id, purpose: "email_change", now });
      const issued = newToken({ purpose: "email_change", userId: actor.id, email: newEmail, now });
      await tx.userToken.create({ data: issued.row });
      return issued.token;
    });
    runAfterResponse("e-mail change", () => sendMail("e-mail change", () => emailChangeConfirmationMail({ to: newEmail, token, origin })));
    runAfterResponse("e-mail change notice", () =>
      sendMail("e-mail change notice", () => emailChangeNoticeMail({ to: current.email, newEmail })),
    );
    return { ...(await getProfile({ actor }, now)), message: PROFILE_MESSAGES.confirmationSent(newEmail) };
  }

  const data: { email?: string; emailVerifiedAt?: null; name?: string | null } = {};
  if (newEmail) Object.assign(data, { email: newEmail, emailVerifiedAt: null });
  if (changes.name !== undefined) data.name = changes.name;
  try {
    await db.user.update({ where: { id: actor.id }, data });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw new AppError("CONFLICT", PROFILE_MESSAGES.emailTaken);
    throw error;
  }
  return getProfile({ actor });
}
