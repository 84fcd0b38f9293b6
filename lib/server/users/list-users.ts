import "server-only";
import { db } from "../db";
import { smtpSettings } from "../config";
import { adminUserSelect, toAdminUserDto } from "./user-dto";
import type { AdminUserDto } from "@/lib/schemas/users";

/**
 * Accounts awaiting approval, oldest first (the order they should be handled in). With SMTP only
 * registrations confirmed from their mailbox wait here; without it every one does, and those not
 * verified are marked. Administrators only.
 */
export async function listPendingUsers(): Promise<AdminUserDto[]> {
  const rows = await db.user.findMany({
    where: { approved: false, ...(smtpSettings() ? { emailVerifiedAt: { not: null } } : {}) },
    orderBy: { createdAt: "asc" },
    select: adminUserSelect,
  });
  return rows.map(toAdminUserDto);
}

/** Every account, newest first. Administrators only. */
export async function listUsers(): Promise<AdminUserDto[]> {
  const rows = await db.user.findMany({ orderBy: { createdAt: "desc" }, select: adminUserSelect });
  return rows.map(toAdminUserDto);
}
