import * as healthRoute from "@/app/api/health/route";
import { call } from "../helpers/api-client";

it("reports a reachable database", async () => {
  const res = await call(healthRoute.GET, "GET", "/api/health");
  expect(res.status).toBe(200);
  expect(res.body.status).toBe("ok");
  expect(["sqlite", "postgresql"]).toContain(res.body.database);
  expect(res.headers.get("cache-control")).toBe("no-store");
});

it("answers 503 with a message when the database cannot be reached", async () => {
  const saved = process.env.DATABASE_URL!;
  const { disconnectDb } = await import("@/lib/server/db");
  const silence = jest.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    process.env.DATABASE_URL = saved.startsWith("file:")
      ? "file:/nonexistent-dir/nope/portal.db"
      : "postgresql://postgres@127.0.0.1:1/unreachable";
    const res = await call(healthRoute.GET, "GET", "/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "The database is unavailable" });
  } finally {
    silence.mockRestore();
    await disconnectDb();
    process.env.DATABASE_URL = saved;
  }
  expect((await call(healthRoute.GET, "GET", "/api/health")).status).toBe(200);
});
