// Bad input of every kind gets a 4xx with a message, never a 500, and stores nothing.
import * as registerRoute from "@/app/api/auth/register/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as requestResetRoute from "@/app/api/auth/request-reset/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as profileRoute from "@/app/api/user/profile/route";
import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as restoreRoute from "@/app/api/admin/restore-access/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import type { RouteHandler } from "@/lib/server/http/route";
import { db } from "@/lib/server/db";
import { call, type CallOptions } from "../helpers/api-client";
import { createUser, signedInUser, TEST_PASSWORD } from "../helpers/users";

const bodyEndpoints: [string, RouteHandler, string, string][] = [
  ["register", registerRoute.POST, "POST", "/api/auth/register"],
  ["login", loginRoute.POST, "POST", "/api/auth/login"],
  ["request-reset", requestResetRoute.POST, "POST", "/api/auth/request-reset"],
  ["reset-password", resetRoute.POST, "POST", "/api/auth/reset-password"],
];

const json = { "content-type": "application/json" };
const badBodies: [string, CallOptions, number][] = [
  ["no body", {}, 400],
  ["malformed JSON", { rawBody: '{"email": ', headers: json }, 400],
  ["JSON null", { rawBody: "null", headers: json }, 400],
  ["an array", { body: [1, 2, 3] }, 400],
  ["a string", { body: "hello" }, 400],
  ["wrong types", { body: { email: 42, password: ["x"], token: {} } }, 400],
  ["missing fields", { body: {} }, 400],
  ["a huge field", { body: { email: `${"a".repeat(10_000)}@example.com`, password: "x".repeat(10_000), token: "t".repeat(10_000) } }, 400],
  ["an oversized body", { rawBody: JSON.stringify({ email: "a@b.co", padding: "x".repeat(200_000) }), headers: json }, 413],
  ["a form post", { rawBody: "email=a%40b.co&password=12345678", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
  [
    "SQL and HTML in the email",
    { body: { email: "' OR 1=1; --<script>@x.co", password: "password123", token: '\'; DROP TABLE "User"; --' } },
    400,
  ],
];

describe.each(bodyEndpoints)("%s", (_name, handler, method, path) => {
  it.each(badBodies)("rejects %s", async (_case, options, status) => {
    const before = await db.user.count();
    const res = await call(handler, method, path, options);
    // Sign-in does not judge the form of an address: an odd one is simply a wrong credential.
    const expected = path === "/api/auth/login" && _case.startsWith("SQL") ? 401 : status;
    expect(res.status).toBe(expected);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at \w+ \(/i);
    expect(await db.user.count()).toBe(before);
  });
});

describe("register", () => {
  it("stores addresses normalised, accepts unicode passwords, and answers a duplicate like a new one", async () => {
    const first = await call(registerRoute.POST, "POST", "/api/auth/register", {
      body: { email: " Ann.O'Neil+qa@Support.Example.com ", password: "pässwörd-密码" },
    });
    expect(first.status).toBe(201);
    const again = await call(registerRoute.POST, "POST", "/api/auth/register", {
      body: { email: "ann.o'neil+qa@support.example.com", password: "different-pass" },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await db.user.count({ where: { email: "ann.o'neil+qa@support.example.com" } })).toBe(1);
  });

  it("rejects an address a browser's email field would reject", async () => {
    const res = await call(registerRoute.POST, "POST", "/api/auth/register", {
      body: { email: "zoë@exa mple.com", password: "password123" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("email: Enter a valid email address");
  });

  it("refuses NUL characters, which PostgreSQL cannot store, on both databases alike", async () => {
    const res = await call(registerRoute.POST, "POST", "/api/auth/register", {
      body: { email: "nul@example.com", password: "pass\u0000word-long" },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Text must not contain NUL characters");
    expect(await db.user.count({ where: { email: "nul@example.com" } })).toBe(0);
  });

  it("refuses a short password with the spec's minimum", async () => {
    const res = await call(registerRoute.POST, "POST", "/api/auth/register", { body: { email: "short@example.com", password: "1234567" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("password: Password must be at least 8 characters");
  });
});

describe("profile", () => {
  it.each([
    ["an unknown field", { isAdmin: true }],
    ["an invalid email", { email: "not-an-email" }],
    ["a name of the wrong type", { name: 12 }],
    ["a name that is too long", { name: "n".repeat(101) }],
  ])("rejects %s", async (_case, body) => {
    const { user, token } = await signedInUser();
    const res = await call(profileRoute.PATCH, "PATCH", "/api/user/profile", { token, body });
    expect(res.status).toBe(400);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: user.email, name: null, isAdmin: false });
  });

  it("refuses an e-mail that another account uses", async () => {
    const other = await createUser();
    const { token } = await signedInUser();
    const res = await call(profileRoute.PATCH, "PATCH", "/api/user/profile", {
      token,
      body: { email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(409);
  });

  it("updates e-mail and name, trimming and lower-casing, and clears an empty name", async () => {
    const { token } = await signedInUser({ name: "Old Name" });
    const res = await call(profileRoute.PATCH, "PATCH", "/api/user/profile", {
      token,
      body: { email: " New.Address@Example.com ", name: "", currentPassword: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: "new.address@example.com", name: null });
  });

  it("refuses a cookie-authenticated change from a foreign origin", async () => {
    const { token } = await signedInUser();
    const res = await call(profileRoute.PATCH, "PATCH", "/api/user/profile", {
      cookie: `next-auth.session-token=${token}`,
      headers: { origin: "https://evil.example", host: "localhost:3000" },
      body: { name: "Hijacked" },
    });
    expect(res.status).toBe(403);
    const sameOrigin = await call(profileRoute.PATCH, "PATCH", "/api/user/profile", {
      cookie: `next-auth.session-token=${token}`,
      headers: { origin: "http://localhost:3000", host: "localhost:3000" },
      body: { name: "Mine" },
    });
    expect(sameOrigin.status).toBe(200);
  });
});

describe("admin actions on ids", () => {
  const actions: [string, RouteHandler, string][] = [
    ["approve-user", approveRoute.POST, "POST"],
    ["make-admin", makeAdminRoute.POST, "POST"],
    ["revoke-access", revokeRoute.POST, "POST"],
    ["restore-access", restoreRoute.POST, "POST"],
    ["user", deleteRoute.DELETE, "DELETE"],
  ];
  it.each(actions)("%s: 404 for an unknown id, 400 for a malformed one", async (path, handler, method) => {
    const { token } = await signedInUser({ isAdmin: true });
    const unknown = await call(handler, method, `/api/admin/${path}/cunknown000`, { token, params: { id: "cunknown000" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    const malformed = await call(handler, method, `/api/admin/${path}/x`, { token, params: { id: "../../etc'; --" } });
    expect(malformed.status).toBe(400);
  });

  it("refuses to promote a pending user and to revoke oneself", async () => {
    const { user: admin, token } = await signedInUser({ isAdmin: true });
    const pending = await createUser({ approved: false });
    expect((await call(makeAdminRoute.POST, "POST", "/x", { token, params: { id: pending.id } })).status).toBe(400);
    expect((await call(revokeRoute.POST, "POST", "/x", { token, params: { id: admin.id } })).status).toBe(400);
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ isActive: true });
  });
});
