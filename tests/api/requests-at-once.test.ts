// Signed-in requests take turns under REQUESTS_AT_ONCE, first come first served, through the real
// route wrapper and session check on both databases; public calls never wait behind them.
import { route } from "@/lib/server/http/route";
import { requestsAtOnceFor } from "@/lib/server/http/requests-at-once";
import { DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE } from "@/lib/server/store/postgres/dialect";
import { databaseName } from "@/lib/server/store";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";

/** A route whose calls record their start and each wait until the test lets it finish. */
function heldRoute(access: "user" | "admin" | "public") {
  const started: number[] = [];
  const releases = new Map<number, () => void>();
  const handler = route({ access }, async ({ req }) => {
    const id = Number(req.nextUrl.searchParams.get("id"));
    started.push(id);
    await new Promise<void>((resolve) => releases.set(id, resolve));
    return { id };
  });
  const release = (id: number) => releases.get(id)!();
  return { handler, started, release };
}

/**
 * Waits until `count` requests have reached their handler (each passes the session check first),
 * then long enough for any request that should not have started to show up.
 */
async function startedCount(started: number[], count: number) {
  const deadline = Date.now() + 10_000;
  while (started.length < count && Date.now() < deadline) await pause(10);
  await pause(200);
  return started.length;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const previousSetting = process.env.REQUESTS_AT_ONCE;
afterEach(() => {
  if (previousSetting === undefined) delete process.env.REQUESTS_AT_ONCE;
  else process.env.REQUESTS_AT_ONCE = previousSetting;
});

describe("the limit on signed-in requests at once", () => {
  it("is 32 on PostgreSQL and none on SQLite unless set; 0 sets none; a bad value keeps the default", () => {
    expect(requestsAtOnceFor("postgresql", undefined)).toBe(DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE);
    expect(requestsAtOnceFor("sqlite", undefined)).toBe(0);
    expect(requestsAtOnceFor("sqlite", "8")).toBe(8);
    expect(requestsAtOnceFor("postgresql", "0")).toBe(0);
    for (const bad of ["", " ", "-1", "2.5", "many"])
      expect(requestsAtOnceFor("postgresql", bad)).toBe(DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE);
  });

  it("holds the requests past the limit and starts them in order of arrival", async () => {
    process.env.REQUESTS_AT_ONCE = "2";
    const { token } = await signedInUser();
    const { handler, started, release } = heldRoute("user");
    const answers = [0, 1, 2, 3, 4].map((id) => call(handler, "GET", "/api/held", { token, query: { id: String(id) } }));
    // The first two take their turns at once and may reach the handler in either order (each
    // checks its session first); every later one starts alone, when a turn is freed.
    await startedCount(started, 2);
    expect([...started].sort()).toEqual([0, 1]);
    release(1);
    await startedCount(started, 3);
    expect(started.slice(2)).toEqual([2]);
    release(0);
    await startedCount(started, 4);
    expect(started.slice(2)).toEqual([2, 3]);
    for (const id of [2, 3]) release(id);
    await startedCount(started, 5);
    release(4);
    expect((await Promise.all(answers)).map((answer) => answer.body.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it("frees a turn when a request fails, and leaves public calls out of the queue", async () => {
    process.env.REQUESTS_AT_ONCE = "1";
    const { token } = await signedInUser();
    const held = heldRoute("admin");
    // Not an administrator: the first call is refused and must not keep its turn.
    const refused = call(held.handler, "GET", "/api/held", { token, query: { id: "0" } });
    const admin = await signedInUser({ isAdmin: true });
    const first = call(held.handler, "GET", "/api/held", { token: admin.token, query: { id: "1" } });
    const second = call(held.handler, "GET", "/api/held", { token: admin.token, query: { id: "2" } });
    expect((await refused).status).toBe(403);
    await startedCount(held.started, 1);
    expect(held.started).toEqual([1]);

    const open = heldRoute("public");
    const publicAnswers = [0, 1, 2].map((id) => call(open.handler, "GET", "/api/open", { query: { id: String(id) } }));
    await startedCount(open.started, 3);
    expect(open.started).toEqual([0, 1, 2]);
    for (const id of [0, 1, 2]) open.release(id);
    await Promise.all(publicAnswers);

    held.release(1);
    await startedCount(held.started, 2);
    held.release(2);
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
  });

  it("applies the database's default when unset", async () => {
    delete process.env.REQUESTS_AT_ONCE;
    const { token } = await signedInUser();
    const { handler, started, release } = heldRoute("user");
    const count = DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE + 4;
    const ids = Array.from({ length: count }, (_, id) => id);
    const answers = ids.map((id) => call(handler, "GET", "/api/held", { token, query: { id: String(id) } }));
    const atOnce = databaseName() === "postgresql" ? DEFAULT_POSTGRESQL_REQUESTS_AT_ONCE : count;
    expect(await startedCount(started, atOnce)).toBe(atOnce);
    for (const id of started) release(id);
    expect(await startedCount(started, count)).toBe(count);
    for (const id of started.slice(atOnce)) release(id);
    expect((await Promise.all(answers)).every((answer) => answer.status === 200)).toBe(true);
  });
});
