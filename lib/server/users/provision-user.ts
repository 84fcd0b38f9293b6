import "server-only";
import { db } from "../db";
import { hashPassword } from "../auth/passwords";
import { emailSchema, newPasswordSchema } from "@/lib/schemas/auth";

export interface ProvisionUserInput {
  email: string;
  /** Required for a new account; for an existing one, given only to change it. */
  password?: string;
  name?: string | null;
  isAdmin?: boolean;
  approved?: boolean;
  isActive?: boolean;
}

/**
 * Creates an account, or updates the existing one with that e-mail, for operators (the user:create
 * command and the demo seed), bypassing approval. An account an operator creates counts as having
 * a verified address. Promotes but never demotes; a new password ends the account's sessions.
 * Throws a plain Error with a readable message on invalid input.
 */
export async function provisionUser(input: ProvisionUserInput): Promise<{ id: string; email: string; created: boolean }> {
  const email = emailSchema.parse(input.email);
  const password = input.password === undefined ? undefined : newPasswordSchema.parse(input.password);
  const existing = await db.user.findUnique({ where: { email } });

  if (!existing) {
    if (!password) throw new Error(`A password is needed to create ${email}`);
    const user = await db.user.create({
      data: {
        email,
        name: input.name ?? null,
        passwordHash: await hashPassword(password),
        approved: input.approved ?? true,
        isAdmin: input.isAdmin ?? false,
        isActive: input.isActive ?? true,
        emailVerifiedAt: new Date(),
      },
    });
    return { id: user.id, email, created: true };
  }

  const passwordHash = password ? await hashPassword(password) : undefined;
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: existing.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.approved ? { approved: true } : {}),
        ...(input.isActive ? { isActive: true } : {}),
        ...(input.isAdmin ? { isAdmin: true } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      },
    });
    // A new password ends the sessions that were signed in with the old one.
    if (passwordHash) await tx.session.deleteMany({ where: { userId: existing.id } });
  });
  return { id: existing.id, email, created: false };
}
