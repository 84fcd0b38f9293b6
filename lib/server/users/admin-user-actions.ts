import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { recordAuditEvent, type AuditAction } from "../audit/record-audit-event";
import { adminUserSelect, toAdminUserDto } from "./user-dto";
import type { SessionUser } from "../auth/session";
import type { AdminUserDto } from "@/lib/schemas/users";

// The administrator actions of spec section 4. Each takes the acting administrator and the
// target's id, throws 404 for an unknown id, records itself in the audit log, and returns the
// target as it now is.

interface ActionInput {
  actor: SessionUser;
  userId: string;
}

type UserChange = { approved?: boolean; isAdmin?: boolean; isActive?: boolean; sessionVersion?: { increment: number } };

async function findTarget(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: adminUserSelect });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

async function changeTarget(actor: SessionUser, target: { id: string; email: string }, action: AuditAction, data: UserChange): Promise<AdminUserDto> {
  return db.$transaction(async (tx) => {
    const updated = await tx.user.update({ where: { id: target.id }, data, select: adminUserSelect });
    await recordAuditEvent(tx, { actor, action, targetType: "user", targetId: target.id, targetLabel: target.email });
    return toAdminUserDto(updated);
  });
}

/** pending -> approved: the user can now sign in. */
export async function approveUser({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  const target = await findTarget(userId);
  return changeTarget(actor, target, "user.approve", { approved: true });
}

/** approved non-admin -> admin. There is no demotion. */
export async function makeAdmin({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  const target = await findTarget(userId);
  if (!target.approved) throw new AppError("BAD_REQUEST", "Approve the user before making them an administrator");
  if (target.isAdmin) throw new AppError("CONFLICT", "The user is already an administrator");
  return changeTarget(actor, target, "user.make_admin", { isAdmin: true });
}

/** active -> revoked: sign-in stops and every existing session ends at once. */
export async function revokeAccess({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  const target = await findTarget(userId);
  if (userId === actor.id) throw new AppError("BAD_REQUEST", "You cannot revoke your own access");
  return changeTarget(actor, target, "user.revoke", { isActive: false, sessionVersion: { increment: 1 } });
}

/** revoked -> active. */
export async function restoreAccess({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  const target = await findTarget(userId);
  return changeTarget(actor, target, "user.restore", { isActive: true });
}

/** Deletes a non-administrator (Deny of a pending user is the same). Administrators cannot be deleted. */
export async function deleteUser({ actor, userId }: ActionInput): Promise<{ message: string }> {
  const target = await findTarget(userId);
  if (target.isAdmin) throw new AppError("FORBIDDEN", "Administrators cannot be deleted");
  await db.$transaction(async (tx) => {
    await tx.user.delete({ where: { id: userId } });
    await recordAuditEvent(tx, {
      actor,
      action: target.approved ? "user.delete" : "user.deny",
      targetType: "user",
      targetId: userId,
      targetLabel: target.email,
    });
  });
  return { message: "User deleted" };
}
