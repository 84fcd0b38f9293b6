import "server-only";
import { db } from "../db";
import { adminUserSelect, toAdminUserDto } from "./user-dto";
import type { AdminUserDto } from "@/lib/schemas/users";

/** Accounts awaiting approval, oldest first (the order they should be handled in). Administrators only. */
export async function listPendingUsers(): Promise<AdminUserDto[]> {
  const rows = await db.user.findMany({ where: { approved: false }, orderBy: { createdAt: "asc" }, select: adminUserSelect });
  return rows.map(toAdminUserDto);
}

/** Every account, newest first. Administrators only. */
export async function listUsers(): Promise<AdminUserDto[]> {
  const rows = await db.user.findMany({ orderBy: { createdAt: "desc" }, select: adminUserSelect });
  return rows.map(toAdminUserDto);
}
