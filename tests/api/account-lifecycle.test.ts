import * as registerRoute from "@/app/api/auth/register/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as pendingRoute from "@/app/api/admin/pending-users/route";
import * as usersRoute from "@/app/api/admin/users/route";
import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as restoreRoute from "@/app/api/admin/restore-access/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { db } from "@/lib/server/db";
import { SIGN_IN_MESSAGES } from "@/lib/server/auth/sign-in";
import { REGISTERED_MESSAGE } from "@/lib/server/users/register-user";

describe("account lifecycle", () => {
  it("register -> pending -> approve -> login -> revoke -> restore -> make admin -> delete", async () => {
    const { user: admin, token: adminToken } = await signedInUser({ isAdmin: true });
    const credentials = { email: "  New.Person@Example.COM ", password: "s3cret-pass" };

    const registered = await call(registerRoute.POST, "POST", "/api/auth/register", { body: credentials });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ message: REGISTERED_MESSAGE });
    const stored = await db.user.findUniqueOrThrow({ where: { email: "new.person@example.com" } });
    expect(stored.approved).toBe(false);
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    const pendingLogin = await call(loginRoute.POST, "POST", "/api/auth/login", { body: credentials });
    expect(pendingLogin.status).toBe(403);
    expect(pendingLogin.body.message).toBe(SIGN_IN_MESSAGES.pending);

    const pending = await call(pendingRoute.GET, "GET", "/api/admin/pending-users", { token: adminToken });
    expect(pending.status).toBe(200);
    expect(pending.body.map((u: { email: string }) => u.email)).toEqual(["new.person@example.com"]);
    expect(pending.body[0]).not.toHaveProperty("passwordHash");

    const approved = await call(approveRoute.POST, "POST", `/api/admin/approve-user/${stored.id}`, {
      token: adminToken,
      params: { id: stored.id },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: stored.id, approved: true, isAdmin: false, isActive: true });

    const login = await call(loginRoute.POST, "POST", "/api/auth/login", { body: credentials });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual({ id: stored.id, email: "new.person@example.com", name: null, isAdmin: false });
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/next-auth\.session-token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    const userToken: string = login.body.token;

    // The bearer header and the cookie are both accepted.
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token: userToken })).status).toBe(200);
    const sessionCookie = cookie.split(";")[0];
    const viaCookie = await call(profileRoute.GET, "GET", "/api/user/profile", { cookie: sessionCookie });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body).toMatchObject({ id: stored.id, email: "new.person@example.com", name: null });

    const revoked = await call(revokeRoute.POST, "POST", `/api/admin/revoke-access/${stored.id}`, {
      token: adminToken,
      params: { id: stored.id },
    });
    expect(revoked.body).toMatchObject({ isActive: false });
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token: userToken })).status).toBe(401);
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { cookie: sessionCookie })).status).toBe(401);
    const revokedLogin = await call(loginRoute.POST, "POST", "/api/auth/login", { body: credentials });
    expect(revokedLogin.status).toBe(403);
    expect(revokedLogin.body.message).toBe(SIGN_IN_MESSAGES.revoked);

    const restored = await call(restoreRoute.POST, "POST", `/api/admin/restore-access/${stored.id}`, {
      token: adminToken,
      params: { id: stored.id },
    });
    expect(restored.body).toMatchObject({ isActive: true });
    // Restoring does not bring old sessions back: the user signs in again.
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token: userToken })).status).toBe(401);
    const secondLogin = await call(loginRoute.POST, "POST", "/api/auth/login", { body: credentials });
    expect(secondLogin.status).toBe(200);

    const promoted = await call(makeAdminRoute.POST, "POST", `/api/admin/make-admin/${stored.id}`, {
      token: adminToken,
      params: { id: stored.id },
    });
    expect(promoted.body).toMatchObject({ isAdmin: true });
    expect(
      (await call(makeAdminRoute.POST, "POST", `/api/admin/make-admin/${stored.id}`, { token: adminToken, params: { id: stored.id } }))
        .status,
    ).toBe(409);
    // An administrator cannot be deleted.
    const refused = await call(deleteRoute.DELETE, "DELETE", `/api/admin/user/${stored.id}`, {
      token: adminToken,
      params: { id: stored.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Administrators cannot be deleted");

    const all = await call(usersRoute.GET, "GET", "/api/admin/users", { token: adminToken });
    expect(all.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.id, stored.id].sort());

    const logout = await call(logoutRoute.POST, "POST", "/api/auth/logout");
    expect(logout.status).toBe(200);
    expect(logout.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/i);
  });

  it("deny deletes a pending user and ends a deleted user's session at once", async () => {
    const { token: adminToken } = await signedInUser({ isAdmin: true });
    const { user, token } = await signedInUser();
    const deleted = await call(deleteRoute.DELETE, "DELETE", `/api/admin/user/${user.id}`, { token: adminToken, params: { id: user.id } });
    expect(deleted.status).toBe(200);
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token })).status).toBe(401);
    const again = await call(deleteRoute.DELETE, "DELETE", `/api/admin/user/${user.id}`, { token: adminToken, params: { id: user.id } });
    expect(again.status).toBe(404);
  });
});
