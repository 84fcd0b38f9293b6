// Accounts for the journeys: made straight in the test database (an administrator cannot be
// made any other way), and checked through the real API of the running server.
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import type { AdminUserDto } from "@/lib/schemas/users";
import { readServerState } from "./server-state";

export const PASSWORD = "correct horse battery";

function useServerDatabase(): void {
  process.env.DATABASE_URL = readServerState().databaseUrl;
}

export async function createAccount({
  email,
  password = PASSWORD,
  approved = true,
  isAdmin = false,
  isActive = true,
  name = null,
}: {
  email: string;
  password?: string;
  approved?: boolean;
  isAdmin?: boolean;
  isActive?: boolean;
  name?: string | null;
}) {
  useServerDatabase();
  return db.user.create({ data: { email, name, passwordHash: await hashPassword(password), approved, isAdmin, isActive } });
}

export async function findAccount(email: string) {
  useServerDatabase();
  return db.user.findUnique({ where: { email } });
}

async function api(method: string, pathname: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${readServerState().baseUrl}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export function apiLogin(email: string, password = PASSWORD) {
  return api("POST", "/api/auth/login", { body: { email, password } });
}

export async function tokenFor(email: string, password = PASSWORD): Promise<string> {
  const res = await apiLogin(email, password);
  if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export function apiRegister(email: string, password = PASSWORD) {
  return api("POST", "/api/auth/register", { body: { email, password } });
}

export async function listUsers(adminToken: string): Promise<AdminUserDto[]> {
  const res = await api("GET", "/api/admin/users", { token: adminToken });
  if (res.status !== 200) throw new Error(`Listing users failed: ${res.status}`);
  return res.body as AdminUserDto[];
}

export async function listPendingUsers(adminToken: string): Promise<AdminUserDto[]> {
  const res = await api("GET", "/api/admin/pending-users", { token: adminToken });
  if (res.status !== 200) throw new Error(`Listing pending users failed: ${res.status}`);
  return res.body as AdminUserDto[];
}

export function apiGet(pathname: string, token: string) {
  return api("GET", pathname, { token });
}
