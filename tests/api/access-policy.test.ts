// Every route file under app/api declares an access policy on each handler, and only the routes
// listed here may be public. A new route without a policy, or a new public one, fails this test.
import { readdirSync } from "node:fs";
import path from "node:path";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const POLICIES = ["public", "user", "admin", "ingest"];

const PUBLIC_ROUTES = new Set([
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/auth/request-reset",
  "POST /api/auth/reset-password",
  "GET /api/health",
]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const routes = routeFiles(API_DIR).map((file) => ({
  file,
  url: `/api/${path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}"),
}));

it("finds the route files", () => {
  const urls = routes.map((route) => route.url);
  for (const known of ["/api/auth/login", "/api/admin/user/{id}", "/api/user/profile", "/api/health"]) expect(urls).toContain(known);
});

describe.each(routes)("$url", ({ file, url }) => {
  it("declares an access policy on every handler, public only where allowed", async () => {
    const mod = (await import(file)) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => typeof mod[method] === "function");
    expect(handlers.length).toBeGreaterThan(0);
    for (const method of handlers) {
      const access = (mod[method] as { access?: unknown }).access;
      expect({ route: `${method} ${url}`, access }).toEqual({ route: `${method} ${url}`, access: expect.any(String) });
      expect(POLICIES).toContain(access);
      if (access === "public") expect(PUBLIC_ROUTES).toContain(`${method} ${url.replace(/\{\w+\}/g, "{id}")}`);
    }
  });
});
