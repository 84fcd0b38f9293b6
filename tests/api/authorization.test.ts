// The account and admin-user API against every kind of session caller: allowed callers succeed,
// refused ones get 401 or 403 and change nothing.
import * as pendingRoute from "@/app/api/admin/pending-users/route";
import * as usersRoute from "@/app/api/admin/users/route";
import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as restoreRoute from "@/app/api/admin/restore-access/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import * as profileRoute from "@/app/api/user/profile/route";
import type { RouteHandler } from "@/lib/server/http/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser } from "../helpers/users";
import { SESSION_CALLERS, credentialFor, type Caller } from "../helpers/callers";

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
  {
    name: "PATCH profile",
    handler: profileRoute.PATCH,
    method: "PATCH",
    access: "user",
    request: () => ({ path: "/api/user/profile", body: { name: "Changed" } }),
  },
  {
    name: "GET pending-users",
    handler: pendingRoute.GET,
    method: "GET",
    access: "admin",
    request: () => ({ path: "/api/admin/pending-users" }),
  },
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

function expectedStatus(caller: Caller, access: Endpoint["access"]): "ok" | 401 | 403 {
  if (caller === "admin") return "ok";
  if (caller === "user") return access === "admin" ? 403 : "ok";
  return 401;
}

describe.each(SESSION_CALLERS)("caller: %s", (caller) => {
  it.each(endpoints.map((endpoint) => [endpoint.name, endpoint] as const))("%s", async (_name, endpoint) => {
    const token = await credentialFor(caller);
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
