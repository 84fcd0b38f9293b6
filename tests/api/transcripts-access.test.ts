// Who may call the transcript, analytics and ingest endpoints: signed-in approved active users
// read, administrators manage ingest keys, and only a valid ingest key may push transcripts.
import { encode } from "next-auth/jwt";
import * as listRoute from "@/app/api/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import * as analyticsRoute from "@/app/api/analytics/route";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as keyRoute from "@/app/api/admin/ingest-keys/[keyId]/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import type { RouteHandler } from "@/lib/server/http/route";
import { getAuthSecret } from "@/lib/auth/session-config";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts } from "./transcripts-test-data";

const range = { startTime: "2025-01-01T00:00:00Z", endTime: "2025-12-31T00:00:00Z" };

interface Endpoint {
  name: string;
  handler: RouteHandler;
  method: string;
  path: string;
  access: "user" | "admin";
  query?: Record<string, string>;
  params?: Record<string, string>;
  body?: unknown;
}

const endpoints: Endpoint[] = [
  { name: "GET transcripts", handler: listRoute.GET, method: "GET", path: "/api/transcripts", access: "user", query: range },
  {
    name: "GET transcript",
    handler: detailRoute.GET,
    method: "GET",
    path: "/api/transcript/acc1",
    access: "user",
    params: { transcriptId: "acc1" },
  },
  { name: "GET analytics", handler: analyticsRoute.GET, method: "GET", path: "/api/analytics", access: "user", query: range },
  { name: "GET ingest keys", handler: keysRoute.GET, method: "GET", path: "/api/admin/ingest-keys", access: "admin" },
  {
    name: "POST ingest keys",
    handler: keysRoute.POST,
    method: "POST",
    path: "/api/admin/ingest-keys",
    access: "admin",
    body: { name: "k" },
  },
  {
    name: "DELETE ingest key",
    handler: keyRoute.DELETE,
    method: "DELETE",
    path: "/api/admin/ingest-keys/x",
    access: "admin",
    params: { keyId: "x" },
  },
];

const tokens: Record<string, string> = {};

beforeAll(async () => {
  await storeTranscripts([{ id: "acc1", createdAt: "2025-06-01T00:00:00Z", turns: ["user: hi"] }]);
  tokens.user = (await signedInUser()).token;
  tokens.admin = (await signedInUser({ isAdmin: true })).token;
  const revoked = await signedInUser();
  tokens.revoked = revoked.token;
  await db.user.update({ where: { id: revoked.user.id }, data: { isActive: false } });
  const unapproved = await signedInUser();
  tokens.unapproved = unapproved.token;
  await db.user.update({ where: { id: unapproved.user.id }, data: { approved: false } });
  const deleted = await signedInUser();
  tokens.deleted = deleted.token;
  await db.user.delete({ where: { id: deleted.user.id } });
  tokens.forged = await encode({ token: { sub: "someone", sv: 0 }, secret: "not-the-real-secret-not-the-real-secret", maxAge: 60 });
  tokens.expired = await encode({ token: { sub: (await signedInUser()).user.id, sv: 0 }, secret: getAuthSecret(), maxAge: -60 });
  tokens.garbage = "garbage.token.value";
});

describe.each(endpoints)("$name", (endpoint) => {
  const request = (token?: string) =>
    call(endpoint.handler, endpoint.method, endpoint.path, { token, query: endpoint.query, params: endpoint.params, body: endpoint.body });

  it.each(["anonymous", "garbage", "forged", "expired", "revoked", "unapproved", "deleted"])(
    "refuses a %s caller with 401",
    async (caller) => {
      const res = await request(tokens[caller]);
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    },
  );

  it("lets the right callers in", async () => {
    const asUser = await request(tokens.user);
    const asAdmin = await request(tokens.admin);
    if (endpoint.access === "admin") {
      expect(asUser.status).toBe(403);
      expect(asUser.body).toEqual({ message: "Administrator access required" });
      expect([200, 201, 404]).toContain(asAdmin.status);
    } else {
      expect(asUser.status).toBe(200);
      expect(asAdmin.status).toBe(200);
    }
  });

  it("declares its policy", () => {
    expect(endpoint.handler.access).toBe(endpoint.access);
  });
});

describe("POST /api/ingest/transcripts", () => {
  const body = { _id: "acc2", sessionID: "s", createdAt: "2025-06-02T00:00:00Z", dialog: [] };
  const push = (headers: Record<string, string>) => call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers });

  it("declares the ingest policy", () => {
    expect(ingestRoute.POST.access).toBe("ingest");
  });

  it.each([
    ["no key", {}],
    ["an empty key", { "x-api-key": "" }],
    ["a malformed key", { "x-api-key": "not a key" }],
    ["an unknown key", { authorization: `Bearer tak_${"A".repeat(43)}` }],
    ["a user's session token", { authorization: "Bearer USER" }],
    ["an administrator's session token", { authorization: "Bearer ADMIN" }],
    ["a key in the query string only", {}],
  ])("refuses %s with 401", async (_case, headers: Record<string, string>) => {
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace("USER", tokens.user).replace("ADMIN", tokens.admin)]),
    );
    const res = await push(resolved);
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await db.transcript.count({ where: { id: "acc2" } })).toBe(0);
  });

  it("accepts a key as a bearer token or in X-API-Key", async () => {
    const created = await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: tokens.admin, body: { name: "access test" } });
    expect((await push({ authorization: `Bearer ${created.body.key}` })).status).toBe(200);
    expect((await push({ "x-api-key": created.body.key })).status).toBe(200);
  });
});
