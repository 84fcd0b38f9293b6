import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { adminUserSelect, toAdminUserDto } from "./user-dto";
import type { SessionUser } from "../auth/session";
import type { AdminUserDto } from "@/lib/schemas/users";

// The administrator actions of spec section 4. Each takes the acting administrator and the
// target's id, throws 404 for an unknown id, and returns the target as it now is.

interface ActionInput {
  actor: SessionUser;
  userId: string;
}

async function findTarget(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: adminUserSelect });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

async function updateTarget(userId: string, data: { approved?: boolean; isAdmin?: boolean; isActive?: boolean; sessionVersion?: { increment: number } }) {
  return toAdminUserDto(await db.user.update({ where: { id: userId }, data, select: adminUserSelect }));
}

/** pending -> approved: the user can now sign in. */
export async function approveUser({ userId }: ActionInput): Promise<AdminUserDto> {
  await findTarget(userId);
  return updateTarget(userId, { approved: true });
}

/** approved non-admin -> admin. There is no demotion. */
export async function makeAdmin({ userId }: ActionInput): Promise<AdminUserDto> {
  const target = await findTarget(userId);
  if (!target.approved) throw new AppError("BAD_REQUEST", "Approve the user before making them an administrator");
  if (target.isAdmin) throw new AppError("CONFLICT", "The user is already an administrator");
  return updateTarget(userId, { isAdmin: true });
}

/** active -> revoked: sign-in stops and every existing session ends at once. */
export async function revokeAccess({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  await findTarget(userId);
  if (userId === actor.id) throw new AppError("BAD_REQUEST", "You cannot revoke your own access");
  return updateTarget(userId, { isActive: false, sessionVersion: { increment: 1 } });
}

/** revoked -> active. */
export async function restoreAccess({ userId }: ActionInput): Promise<AdminUserDto> {
  await findTarget(userId);
  return updateTarget(userId, { isActive: true });
}

/** Deletes a non-administrator (Deny of a pending user is the same). Administrators cannot be deleted. */
export async function deleteUser({ userId }: ActionInput): Promise<{ message: string }> {
  const target = await findTarget(userId);
  if (target.isAdmin) throw new AppError("FORBIDDEN", "Administrators cannot be deleted");
  await db.user.delete({ where: { id: userId } });
  return { message: "User deleted" };
}
