// Every route file under app/api declares an access policy on each handler, and only the routes
// listed here may be public. A new route without a policy, or a new public one, fails this test.
import { apiHandlers } from "../helpers/api-routes";

const POLICIES = ["public", "user", "admin", "ingest", "cron"];

const PUBLIC_ROUTES = new Set([
  "POST /api/auth/register",
  "POST /api/auth/login",
  "POST /api/auth/logout",
  "POST /api/auth/request-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/confirm-email",
  // Single sign-on through next-auth (app/api/auth/[...nextauth]).
  "GET /api/auth/{...nextauth}",
  "POST /api/auth/{...nextauth}",
  "GET /api/health",
]);

const handlers = apiHandlers();

it("finds the route files", () => {
  const urls = handlers.map((handler) => handler.url);
  for (const known of ["/api/auth/login", "/api/admin/user/{id}", "/api/user/profile", "/api/health"]) expect(urls).toContain(known);
});

it.each(handlers.map((handler) => [handler.name, handler] as const))(
  "%s declares an access policy, public only where allowed",
  (_name, handler) => {
    const { access } = handler.handler as { access?: unknown };
    expect(POLICIES).toContain(access);
    if (access === "public") expect(PUBLIC_ROUTES).toContain(`${handler.method} ${handler.url}`);
  },
);
