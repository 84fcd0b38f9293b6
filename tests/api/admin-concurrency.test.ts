// Administrator actions check and act in one transaction: two administrators revoking each other
// at the same moment leave one active administrator, never none; a promotion racing a deletion
// never deletes an administrator. The calls run in parallel, and the test holds them back at their
// first write until both have got there, so that both have passed every check made before it: on
// PostgreSQL (a connection per call) by locking the rows involved until both calls wait for them;
// on SQLite, whose driver runs one transaction at a time, by holding a transaction open meanwhile.
import { Client } from "pg";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { db, isPostgres } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";

const ROUNDS = 8;

const revoke = (token: string, id: string) => call(revokeRoute.POST, "POST", `/api/admin/revoke-access/${id}`, { token, params: { id } });

/** Runs the calls, holding back their writes until `waiters` of them wait to write. */
async function raceOverRows<T>(rowIds: string[], calls: () => Promise<T>, waiters = 2): Promise<T> {
  return isPostgres() ? raceOnPostgres(rowIds, calls, waiters) : raceOnSqlite(calls);
}

/** SQLite: the calls' transactions queue behind this one; their reads outside a transaction go on. */
async function raceOnSqlite<T>(calls: () => Promise<T>): Promise<T> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    void db.$transaction(() => {
      resolve();
      return new Promise<void>((done) => (release = done));
    });
  });
  await held;
  const running = calls();
  // The calls' checks take a few milliseconds; there is nothing to observe that they are queued.
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  return running;
}

async function raceOnPostgres<T>(rowIds: string[], calls: () => Promise<T>, waiters: number): Promise<T> {
  const holder = new Client({ connectionString: process.env.DATABASE_URL });
  await holder.connect();
  try {
    await holder.query("BEGIN");
    await holder.query(`SELECT "id" FROM "User" WHERE "id" = ANY($1) FOR UPDATE`, [rowIds]);
    const running = calls();
    const deadline = Date.now() + 10_000;
    for (;;) {
      // pg_locks, not pg_stat_activity: the latter is read once per transaction and then kept.
      const { rows } = await holder.query(`SELECT count(DISTINCT pid)::int AS waiting FROM pg_locks WHERE NOT granted`);
      if (rows[0].waiting >= waiters) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0].waiting} of ${waiters} calls reached a write`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query("COMMIT");
    return await running;
  } finally {
    await holder.end();
  }
}

const activeAdministrators = () => db.user.count({ where: { isAdmin: true, approved: true, isActive: true } });

beforeEach(async () => {
  // Each round starts with no other administrator.
  await db.user.updateMany({ where: { isAdmin: true }, data: { isActive: false } });
});

it("two administrators revoking each other at the same moment leave exactly one active", async () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    await db.user.updateMany({ where: { isAdmin: true }, data: { isActive: false } });
    const a = await signedInUser({ isAdmin: true });
    const b = await signedInUser({ isAdmin: true });
    const results = await raceOverRows([a.user.id, b.user.id], () => Promise.all([revoke(a.token, b.user.id), revoke(b.token, a.user.id)]));
    // The loser is refused as no longer an administrator: by the action (403) or, when its request
    // is authenticated after the winner's commit, by the session check (401).
    const statuses = results
      .map((res) => (res.status === 200 ? "revoked the other" : res.status === 401 || res.status === 403 ? "refused" : res.status))
      .sort();
    expect({ round, statuses, active: await activeAdministrators() }).toEqual({
      round,
      statuses: ["refused", "revoked the other"],
      active: 1,
    });
    const survivor = results[0].status === 200 ? a : b;
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token: survivor.token })).status).toBe(200);
  }
});

it("a promotion racing a deletion never deletes an administrator", async () => {
  const one = await signedInUser({ isAdmin: true });
  const other = await signedInUser({ isAdmin: true });
  for (let round = 0; round < ROUNDS; round += 1) {
    const target = await createUser();
    const [promoted, deleted] = await raceOverRows([one.user.id, other.user.id, target.id], () =>
      Promise.all([
        call(makeAdminRoute.POST, "POST", `/api/admin/make-admin/${target.id}`, { token: one.token, params: { id: target.id } }),
        call(deleteRoute.DELETE, "DELETE", `/api/admin/user/${target.id}`, { token: other.token, params: { id: target.id } }),
      ]),
    );
    const outcome = [promoted.status, deleted.status];
    // Either the deletion came first (the promotion finds no one) or the promotion did (the deletion is refused).
    expect([
      [404, 200],
      [200, 403],
    ]).toContainEqual(outcome);
    const stored = await db.user.findUnique({ where: { id: target.id } });
    expect(stored === null ? "deleted" : stored.isAdmin ? "administrator" : "user").toBe(outcome[0] === 200 ? "administrator" : "deleted");
  }
});
