// The authorization matrix of the account and admin-user API: every protected endpoint against
// anonymous, forged, expired, pending, revoked and deleted callers, a regular user and an admin.
import { encode } from "next-auth/jwt";
import * as pendingRoute from "@/app/api/admin/pending-users/route";
import * as usersRoute from "@/app/api/admin/users/route";
import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as restoreRoute from "@/app/api/admin/restore-access/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import * as profileRoute from "@/app/api/user/profile/route";
import type { RouteHandler } from "@/lib/server/http/route";
import { issueSessionToken } from "@/lib/server/auth/session";
import { getAuthSecret } from "@/lib/auth/session-config";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";

type Caller = "anonymous" | "garbage" | "forged" | "expired" | "pending" | "revoked" | "deleted" | "user" | "admin";

interface Endpoint {
  name: string;
  handler: RouteHandler;
  method: string;
  access: "user" | "admin";
  /** Builds the request for a fresh target user, so that state changes do not leak between callers. */
  request: (targetId: string) => { path: string; params?: Record<string, string>; body?: unknown };
}

const endpoints: Endpoint[] = [
  { name: "GET profile", handler: profileRoute.GET, method: "GET", access: "user", request: () => ({ path: "/api/user/profile" }) },
  { name: "PATCH profile", handler: profileRoute.PATCH, method: "PATCH", access: "user", request: () => ({ path: "/api/user/profile", body: { name: "Changed" } }) },
  { name: "GET pending-users", handler: pendingRoute.GET, method: "GET", access: "admin", request: () => ({ path: "/api/admin/pending-users" }) },
  { name: "GET users", handler: usersRoute.GET, method: "GET", access: "admin", request: () => ({ path: "/api/admin/users" }) },
  ...(
    [
      ["approve-user", approveRoute.POST, "POST"],
      ["make-admin", makeAdminRoute.POST, "POST"],
      ["revoke-access", revokeRoute.POST, "POST"],
      ["restore-access", restoreRoute.POST, "POST"],
      ["user", deleteRoute.DELETE, "DELETE"],
    ] as const
  ).map(([path, handler, method]) => ({
    name: `${method} ${path}/{id}`,
    handler,
    method,
    access: "admin" as const,
    request: (targetId: string) => ({ path: `/api/admin/${path}/${targetId}`, params: { id: targetId } }),
  })),
];

const callers: Caller[] = ["anonymous", "garbage", "forged", "expired", "pending", "revoked", "deleted", "user", "admin"];

async function tokenFor(caller: Caller): Promise<string | undefined> {
  switch (caller) {
    case "anonymous":
      return undefined;
    case "garbage":
      return "not-a-token";
    case "forged": {
      const admin = await createUser({ isAdmin: true });
      return encode({ token: { sub: admin.id, sv: 0, adm: true }, secret: "some other secret", maxAge: 3600 });
    }
    case "expired": {
      const admin = await createUser({ isAdmin: true });
      return encode({ token: { sub: admin.id, sv: 0, adm: true }, secret: getAuthSecret(), maxAge: -3600 });
    }
    case "pending": {
      // Pending users cannot sign in; a token minted for one must still be refused.
      const pending = await createUser({ approved: false });
      return issueSessionToken(pending);
    }
    case "revoked": {
      const { user, token } = await signedInUser({ isAdmin: true });
      await db.user.update({ where: { id: user.id }, data: { isActive: false, sessionVersion: { increment: 1 } } });
      return token;
    }
    case "deleted": {
      const { user, token } = await signedInUser();
      await db.user.delete({ where: { id: user.id } });
      return token;
    }
    case "user":
      return (await signedInUser()).token;
    case "admin":
      return (await signedInUser({ isAdmin: true })).token;
  }
}

function expectedStatus(caller: Caller, access: Endpoint["access"]): "ok" | 401 | 403 {
  if (caller === "admin") return "ok";
  if (caller === "user") return access === "admin" ? 403 : "ok";
  return 401;
}

describe.each(callers)("caller: %s", (caller) => {
  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))("%s", async (_name, endpoint) => {
    const token = await tokenFor(caller);
    // A fresh approved, active, non-admin target for every call.
    const target = await createUser();
    const request = endpoint.request(target.id);
    const res = await call(endpoint.handler, endpoint.method, request.path, { token, params: request.params, body: request.body });
    const expected = expectedStatus(caller, endpoint.access);
    if (expected === "ok") {
      expect(res.status).toBe(200);
    } else {
      expect(res.status).toBe(expected);
      expect(typeof res.body.message).toBe("string");
      // A refused call changes nothing.
      expect(await db.user.findUnique({ where: { id: target.id } })).toMatchObject({ approved: true, isAdmin: false, isActive: true });
    }
  });
});

it("every endpoint in this matrix declares the access policy it is tested for", () => {
  for (const endpoint of endpoints) expect(endpoint.handler.access).toBe(endpoint.access);
});
