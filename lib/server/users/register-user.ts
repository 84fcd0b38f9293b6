import "server-only";
import { db } from "../db";
import { hashPassword } from "../auth/passwords";
import type { RegisterInput } from "@/lib/schemas/auth";

export const REGISTERED_MESSAGE =
  "Account created. An administrator must approve it before you can sign in.";

/**
 * Creates a pending account. An address that is already registered gets the very same answer
 * and nothing changes, so the endpoint cannot be used to discover accounts.
 */
export async function registerUser(input: RegisterInput): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    await db.user.create({ data: { email: input.email, passwordHash } });
  } catch (error) {
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  return { message: REGISTERED_MESSAGE };
}
