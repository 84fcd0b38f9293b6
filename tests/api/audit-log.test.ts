import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import * as revokeRoute from "@/app/api/admin/revoke-access/[id]/route";
import * as restoreRoute from "@/app/api/admin/restore-access/[id]/route";
import * as deleteRoute from "@/app/api/admin/user/[id]/route";
import * as auditLogRoute from "@/app/api/admin/audit-log/route";
import * as ingestKeysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestKeyRoute from "@/app/api/admin/ingest-keys/[keyId]/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";

describe("audit log of administrator actions", () => {
  it("records approve, promote, revoke, restore, deny and delete with who, what, whom and when", async () => {
    await db.auditEvent.deleteMany();
    const { user: admin, token } = await signedInUser({ isAdmin: true });
    const promoted = await createUser({ approved: false, email: "promoted@example.com" });
    const denied = await createUser({ approved: false, email: "denied@example.com" });
    const removed = await createUser({ email: "removed@example.com" });
    const act = (handler: Parameters<typeof call>[0], method: string, id: string) => call(handler, method, "/x", { token, params: { id } });

    const before = Date.now();
    for (const [handler, method, id] of [
      [approveRoute.POST, "POST", promoted.id],
      [makeAdminRoute.POST, "POST", promoted.id],
      [revokeRoute.POST, "POST", removed.id],
      [restoreRoute.POST, "POST", removed.id],
      [deleteRoute.DELETE, "DELETE", denied.id],
      [deleteRoute.DELETE, "DELETE", removed.id],
    ] as const) {
      expect((await act(handler, method, id)).status).toBe(200);
    }
    // Refused actions leave no trace.
    expect((await act(deleteRoute.DELETE, "DELETE", promoted.id)).status).toBe(403);

    const log = await call(auditLogRoute.GET, "GET", "/api/admin/audit-log", { token });
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(6);
    const events = [...log.body.items].reverse();
    expect(events.map((event: { action: string; targetLabel: string }) => [event.action, event.targetLabel])).toEqual([
      ["user.approve", "promoted@example.com"],
      ["user.make_admin", "promoted@example.com"],
      ["user.revoke", "removed@example.com"],
      ["user.restore", "removed@example.com"],
      ["user.deny", "denied@example.com"],
      ["user.delete", "removed@example.com"],
    ]);
    for (const event of events) {
      expect(event.actorEmail).toBe(admin.email);
      expect(new Date(event.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it("records ingest keys created and revoked, never the key itself", async () => {
    const { user: admin, token } = await signedInUser({ isAdmin: true });
    const created = await call(ingestKeysRoute.POST, "POST", "/api/admin/ingest-keys", { token, body: { name: "Voiceflow production" } });
    expect(created.status).toBe(201);
    const revoked = await call(ingestKeyRoute.DELETE, "DELETE", "/x", { token, params: { keyId: created.body.id } });
    expect(revoked.status).toBe(200);
    // Revoking again changes nothing and records nothing.
    await call(ingestKeyRoute.DELETE, "DELETE", "/x", { token, params: { keyId: created.body.id } });

    const events = await db.auditEvent.findMany({ where: { targetId: created.body.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(events.map((event) => [event.action, event.actorEmail, event.targetLabel])).toEqual([
      ["ingest_key.create", admin.email, `Voiceflow production (${created.body.prefix}…)`],
      ["ingest_key.revoke", admin.email, `Voiceflow production (${created.body.prefix}…)`],
    ]);
    expect(JSON.stringify(events)).not.toContain(created.body.key);
  });

  it("is for administrators only and pages", async () => {
    const { token: userToken } = await signedInUser();
    expect((await call(auditLogRoute.GET, "GET", "/api/admin/audit-log", { token: userToken })).status).toBe(403);
    expect((await call(auditLogRoute.GET, "GET", "/api/admin/audit-log")).status).toBe(401);
    const { token } = await signedInUser({ isAdmin: true });
    expect((await call(auditLogRoute.GET, "GET", "/api/admin/audit-log", { token, query: { limit: "0" } })).status).toBe(400);
    const page = await call(auditLogRoute.GET, "GET", "/api/admin/audit-log", { token, query: { limit: "2", page: "2" } });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeLessThanOrEqual(2);
  });
});
