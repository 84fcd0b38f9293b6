// Every protected handler of every route file under app/api, against every kind of caller (see
// tests/helpers/callers.ts). The wrapper authorizes before it parses anything, so an empty request
// shows the policy; an allowed caller gets past it (its request may then be refused for what it
// lacks, with 400 or 404, never with 401 or 403).
import type { RouteHandler } from "@/lib/server/http/route";
import { call } from "../helpers/api-client";
import { apiHandlers } from "../helpers/api-routes";
import { CALLERS, credentialFor, type Caller } from "../helpers/callers";

const targets = apiHandlers().filter((target) => target.handler.access !== "public");

function isAllowed(caller: Caller, access: RouteHandler["access"]): boolean {
  if (access === "ingest") return caller === "ingest key";
  // No caller of the matrix holds the CRON_SECRET.
  if (access === "cron") return false;
  if (caller === "admin") return true;
  return caller === "user" && access === "user";
}

it("covers the protected routes of every area", () => {
  const names = targets.map((target) => target.name);
  for (const expected of [
    "GET /api/user/profile",
    "GET /api/admin/users",
    "GET /api/transcripts",
    "GET /api/analytics",
    "POST /api/feedback",
    "POST /api/ingest/transcripts",
  ]) {
    expect(names).toContain(expected);
  }
});

describe.each(CALLERS)("caller: %s", (caller) => {
  let credential: string | undefined;
  beforeAll(async () => {
    credential = await credentialFor(caller);
  });

  it.each(targets.map((target) => [target.name, target] as const))("%s", async (_name, target) => {
    const params = Object.fromEntries(target.paramNames.map((name) => [name, "unknown-id"]));
    const res = await call(target.handler, target.method, target.urlWith("unknown-id"), { token: credential, params });
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
