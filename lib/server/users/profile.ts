import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { toProfileDto } from "./user-dto";
import type { SessionUser } from "../auth/session";
import type { ProfileDto, ProfileUpdateInput } from "@/lib/schemas/users";

const profileSelect = { id: true, email: true, name: true, createdAt: true } as const;

/** The signed-in user's own profile. */
export async function getProfile({ actor }: { actor: SessionUser }): Promise<ProfileDto> {
  const user = await db.user.findUnique({ where: { id: actor.id }, select: profileSelect });
  if (!user) throw new AppError("UNAUTHORIZED", "Your session has ended. Please sign in again.");
  return toProfileDto(user);
}

/** Changes the signed-in user's e-mail and/or name. Throws 409 if the e-mail belongs to another account. */
export async function updateProfile({ actor, changes }: { actor: SessionUser; changes: ProfileUpdateInput }): Promise<ProfileDto> {
  const data: { email?: string; name?: string | null } = {};
  if (changes.email !== undefined) data.email = changes.email;
  if (changes.name !== undefined) data.name = changes.name;
  try {
    return toProfileDto(await db.user.update({ where: { id: actor.id }, data, select: profileSelect }));
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("CONFLICT", "That email address is already used by another account");
    }
    throw error;
  }
}
