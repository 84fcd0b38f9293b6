import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { smtpSettings } from "../config";
import { recordAuditEvent, type AuditAction } from "../audit/record-audit-event";
import { adminUserSelect, toAdminUserDto } from "./user-dto";
import type { SessionUser } from "../auth/session";
import type { AdminUserDto } from "@/lib/schemas/users";

// The administrator actions of the specification. Each takes the acting administrator and the
// target's id, throws 404 for an unknown id, records itself in the audit log, and returns the
// target as it now is.

interface ActionInput {
  actor: SessionUser;
  userId: string;
}

type Transaction = Parameters<Parameters<typeof db.$transaction>[0]>[0];
type Target = Awaited<ReturnType<typeof findTarget>>;

export const ADMIN_ACTION_MESSAGES = {
  notAdmin: "Administrator access required",
  lastAdmin: "At least one active administrator must remain",
  unconfirmed: "The user has not confirmed their email address yet",
} as const;

/**
 * Runs an action as one transaction: every check sees what it then changes. It first locks the
 * rows of the active administrators and checks that the actor is still one of them, so that two
 * administrators acting at the same moment (revoking each other, say) run one after the other and
 * the second sees what the first did.
 */
async function act<T>(
  actor: SessionUser,
  userId: string,
  action: (tx: Transaction, target: Target, activeAdminIds: string[]) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const activeAdminIds = await lockActiveAdministrators(tx);
    if (!activeAdminIds.includes(actor.id)) throw new AppError("FORBIDDEN", ADMIN_ACTION_MESSAGES.notAdmin);
    return action(tx, await findTarget(tx, userId), activeAdminIds);
  });
}

/**
 * The ids of the approved, active administrators, locked until the transaction ends. The statement
 * is a write that changes nothing: on PostgreSQL it locks each row, and under READ COMMITTED it
 * waits for a concurrent transaction holding one and then re-checks that row as committed (so an
 * administrator revoked meanwhile is no longer listed); on SQLite it takes the database's write
 * lock. The same SQL runs on both.
 */
async function lockActiveAdministrators(tx: Transaction): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "User" SET "isAdmin" = "isAdmin"
    WHERE "isAdmin" = ${true} AND "approved" = ${true} AND "isActive" = ${true}
    RETURNING "id"`;
  return rows.map((row) => row.id);
}

async function findTarget(tx: Transaction, userId: string) {
  const user = await tx.user.findUnique({ where: { id: userId }, select: adminUserSelect });
  if (!user) throw new AppError("NOT_FOUND", "User not found");
  return user;
}

async function changeTarget(
  tx: Transaction,
  actor: SessionUser,
  target: Target,
  action: AuditAction,
  data: { approved?: boolean; isAdmin?: boolean; isActive?: boolean },
): Promise<AdminUserDto> {
  const updated = await tx.user.update({ where: { id: target.id }, data, select: adminUserSelect });
  await recordAuditEvent(tx, { actor, action, targetType: "user", targetId: target.id, targetLabel: target.email });
  return toAdminUserDto(updated);
}

/** pending -> approved: the user can now sign in. With SMTP the address must have been confirmed first. */
export async function approveUser({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  return act(actor, userId, (tx, target) => {
    if (!target.approved && !target.emailVerifiedAt && smtpSettings()) throw new AppError("CONFLICT", ADMIN_ACTION_MESSAGES.unconfirmed);
    return changeTarget(tx, actor, target, "user.approve", { approved: true });
  });
}

/** approved non-admin -> admin. There is no demotion. */
export async function makeAdmin({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  return act(actor, userId, (tx, target) => {
    if (!target.approved) throw new AppError("BAD_REQUEST", "Approve the user before making them an administrator");
    if (target.isAdmin) throw new AppError("CONFLICT", "The user is already an administrator");
    return changeTarget(tx, actor, target, "user.make_admin", { isAdmin: true });
  });
}

/**
 * active -> revoked: sign-in stops and every session of the user ends at once. Refused for the
 * actor themself and for the last approved, active administrator.
 */
export async function revokeAccess({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  return act(actor, userId, async (tx, target, activeAdminIds) => {
    if (userId === actor.id) throw new AppError("BAD_REQUEST", "You cannot revoke your own access");
    if (activeAdminIds.every((id) => id === target.id)) throw new AppError("CONFLICT", ADMIN_ACTION_MESSAGES.lastAdmin);
    await tx.session.deleteMany({ where: { userId } });
    return changeTarget(tx, actor, target, "user.revoke", { isActive: false });
  });
}

/** revoked -> active. Sessions ended by the revocation stay ended. */
export async function restoreAccess({ actor, userId }: ActionInput): Promise<AdminUserDto> {
  return act(actor, userId, (tx, target) => changeTarget(tx, actor, target, "user.restore", { isActive: true }));
}

/** Deletes a non-administrator (Deny of a pending user is the same). Administrators cannot be deleted. */
export async function deleteUser({ actor, userId }: ActionInput): Promise<{ message: string }> {
  return act(actor, userId, async (tx, target) => {
    if (target.isAdmin) throw new AppError("FORBIDDEN", "Administrators cannot be deleted");
    await tx.user.delete({ where: { id: userId } });
    await recordAuditEvent(tx, {
      actor,
      action: target.approved ? "user.delete" : "user.deny",
      targetType: "user",
      targetId: userId,
      targetLabel: target.email,
    });
    return { message: "User deleted" };
  });
}
