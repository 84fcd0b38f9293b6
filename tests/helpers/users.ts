// Test users made straight in the database, and signing in through the real login route.
import { db } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import * as loginRoute from "@/app/api/auth/login/route";
import { call } from "./api-client";

export const TEST_PASSWORD = "correct horse battery";

let counter = 0;

export async function createUser(
  overrides: { email?: string; approved?: boolean; isAdmin?: boolean; isActive?: boolean; name?: string | null } = {},
) {
  counter += 1;
  return db.user.create({
    data: {
      email: overrides.email ?? `user${counter}-${Date.now()}@example.com`,
      name: overrides.name ?? null,
      passwordHash: await hashPassword(TEST_PASSWORD),
      approved: overrides.approved ?? true,
      isAdmin: overrides.isAdmin ?? false,
      isActive: overrides.isActive ?? true,
    },
  });
}

export async function signInAs(email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/** An approved user (or admin) and a valid token for it. */
export async function signedInUser(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, token: await signInAs(user.email) };
}
