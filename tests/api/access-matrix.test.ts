// Every protected handler of every route file under app/api, against every kind of caller:
// anonymous, garbage, forged and expired tokens, pending, revoked and deleted users, a regular
// user, an administrator, and valid and revoked ingest keys. The wrapper authorizes before it
// parses anything, so an empty request shows the policy; an allowed caller gets past it (its
// request may then be refused for what it lacks, with 400 or 404, never with 401 or 403).
import { readdirSync } from "node:fs";
import path from "node:path";
import { encode } from "next-auth/jwt";
import type { RouteHandler } from "@/lib/server/http/route";
import { issueSessionToken } from "@/lib/server/auth/session";
import { getAuthSecret } from "@/lib/auth/session-config";
import { createIngestKey, revokeIngestKey } from "@/lib/server/ingest/ingest-keys";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

interface Target {
  name: string;
  handler: RouteHandler;
  method: string;
  url: string;
  params: Record<string, string>;
}

function loadTargets(): Target[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const relative = path.relative(API_DIR, path.dirname(file)).split(path.sep);
    const params = Object.fromEntries(relative.filter((part) => /^\[\w+\]$/.test(part)).map((part) => [part.slice(1, -1), "unknown-id"]));
    const url = `/api/${relative.map((part) => (/^\[\w+\]$/.test(part) ? "unknown-id" : part)).join("/")}`;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as Record<string, unknown>;
    return METHODS.filter((method) => typeof mod[method] === "function")
      .map((method) => ({ name: `${method} ${url}`, handler: mod[method] as RouteHandler, method, url, params }))
      .filter((target) => target.handler.access !== "public");
  });
}

type Caller = "anonymous" | "garbage" | "forged" | "expired" | "pending" | "revoked" | "deleted" | "user" | "admin" | "ingest key" | "revoked ingest key";
const CALLERS: Caller[] = ["anonymous", "garbage", "forged", "expired", "pending", "revoked", "deleted", "user", "admin", "ingest key", "revoked ingest key"];

async function credentialFor(caller: Caller): Promise<string | undefined> {
  switch (caller) {
    case "anonymous":
      return undefined;
    case "garbage":
      return "not-a-token";
    case "forged":
      return encode({ token: { sub: (await createUser({ isAdmin: true })).id, sv: 0, adm: true }, secret: "another secret", maxAge: 3600 });
    case "expired":
      return encode({ token: { sub: (await createUser({ isAdmin: true })).id, sv: 0, adm: true }, secret: getAuthSecret(), maxAge: -3600 });
    case "pending":
      return issueSessionToken(await createUser({ approved: false }));
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
    case "ingest key":
    case "revoked ingest key": {
      const admin = await createUser({ isAdmin: true });
      const created = await createIngestKey({ name: `matrix ${caller}`, actorId: admin.id });
      if (caller === "revoked ingest key") await revokeIngestKey(created.id);
      return created.key;
    }
  }
}

function isAllowed(caller: Caller, access: RouteHandler["access"]): boolean {
  if (access === "ingest") return caller === "ingest key";
  if (caller === "admin") return true;
  return caller === "user" && access === "user";
}

const targets = loadTargets();

it("covers the protected routes of every area", () => {
  const names = targets.map((target) => target.name);
  for (const expected of ["GET /api/user/profile", "GET /api/admin/users", "GET /api/transcripts", "GET /api/analytics", "POST /api/feedback", "POST /api/ingest/transcripts"]) {
    expect(names).toContain(expected);
  }
});

describe.each(CALLERS)("caller: %s", (caller) => {
  let credential: string | undefined;
  beforeAll(async () => {
    credential = await credentialFor(caller);
  });

  it.each(targets.map((target) => [target.name, target] as const))("%s", async (_name, target) => {
    const res = await call(target.handler, target.method, target.url, { token: credential, params: target.params });
    const outcome = { route: target.name, access: target.handler.access, status: res.status };
    if (isAllowed(caller, target.handler.access)) {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      const expected = caller === "user" && target.handler.access === "admin" ? 403 : 401;
      expect(outcome).toEqual({ ...outcome, status: expected });
      expect(typeof res.body.message).toBe("string");
    }
  });
});
