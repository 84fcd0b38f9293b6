// Server-side sessions: logout and "sign out of all devices" end them at once, they end after the
// idle timeout and the absolute lifetime (SESSION_IDLE_MINUTES, SESSION_MAX_AGE_DAYS), a request
// writes lastSeenAt only now and then, and a password change ends every other session.
import { decode } from "next-auth/jwt";
import * as loginRoute from "@/app/api/auth/login/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as profileRoute from "@/app/api/user/profile/route";
import * as sessionsRoute from "@/app/api/user/sessions/route";
import * as passwordRoute from "@/app/api/user/password/route";
import { db } from "@/lib/server/db";
import { getAuthSecret } from "@/lib/auth/session-config";
import { call } from "../helpers/api-client";
import { createUser, signInAs, TEST_PASSWORD } from "../helpers/users";
import { withEnv } from "../helpers/mail-catcher";

const MINUTE = 60_000;
const NEW_PASSWORD = "another long passphrase";

const profile = (credentials: { token?: string; cookie?: string }) => call(profileRoute.GET, "GET", "/api/user/profile", credentials);
const logout = (credentials: { token?: string; cookie?: string }) => call(logoutRoute.POST, "POST", "/api/auth/logout", credentials);
const changePassword = (token: string, body: unknown) => call(passwordRoute.POST, "POST", "/api/user/password", { token, body });

async function sessionOf(token: string) {
  const claims = await decode({ token, secret: getAuthSecret() });
  return db.session.findUniqueOrThrow({ where: { id: String(claims?.sid) } });
}

async function signInWithCookie(email: string) {
  const res = await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
  return {
    token: res.body.token as string,
    cookie: (res.headers.get("set-cookie") ?? "").split(";")[0],
    setCookie: res.headers.get("set-cookie") ?? "",
  };
}

describe("logout and signing out of all devices", () => {
  it("logout ends the session of the bearer token on the server, and only that one", async () => {
    const user = await createUser();
    const [token, otherDevice] = [await signInAs(user.email), await signInAs(user.email)];
    expect((await profile({ token })).status).toBe(200);

    const res = await logout({ token });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toMatch(/next-auth\.session-token=;.*Max-Age=0/i);
    const after = await profile({ token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Your session has ended. Please sign in again.");
    expect((await profile({ token: otherDevice })).status).toBe(200);
    // Logging out again, or without any session, still answers 200.
    expect((await logout({ token })).status).toBe(200);
    expect((await logout({})).status).toBe(200);
  });

  it("logout ends the session of the cookie", async () => {
    const user = await createUser();
    const { cookie, token } = await signInWithCookie(user.email);
    expect((await profile({ cookie })).status).toBe(200);
    expect((await logout({ cookie })).status).toBe(200);
    expect((await profile({ cookie })).status).toBe(401);
    expect((await profile({ token })).status).toBe(401);
  });

  it("DELETE /api/user/sessions signs out of every device, this one included", async () => {
    const user = await createUser();
    const other = await createUser();
    const tokens = [await signInAs(user.email), await signInAs(user.email), await signInAs(user.email)];
    const othersToken = await signInAs(other.email);

    const res = await call(sessionsRoute.DELETE, "DELETE", "/api/user/sessions", { token: tokens[1] });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    for (const token of tokens) expect((await profile({ token })).status).toBe(401);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await profile({ token: othersToken })).status).toBe(200);
  });
});

describe("session lifetimes", () => {
  withEnv({ SESSION_IDLE_MINUTES: "30", SESSION_MAX_AGE_DAYS: "2" });

  it("the token, the Session row and the cookie last the absolute lifetime", async () => {
    const user = await createUser();
    const { token, setCookie } = await signInWithCookie(user.email);
    expect(setCookie).toMatch(/Max-Age=172800/);
    const claims = await decode({ token, secret: getAuthSecret() });
    expect(Number(claims?.exp) - Number(claims?.iat)).toBe(172800);
    expect(Object.keys(claims ?? {}).sort()).toEqual(["adm", "exp", "iat", "jti", "sid", "sub"]);
    const session = await sessionOf(token);
    expect(session.userId).toBe(user.id);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(2 * 24 * 60 * MINUTE);
  });

  it("a session idle for longer than the idle timeout ends, and its row goes", async () => {
    const user = await createUser();
    const token = await signInAs(user.email);
    const session = await sessionOf(token);
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(Date.now() - 29 * MINUTE) } });
    expect((await profile({ token })).status).toBe(200);
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(Date.now() - 31 * MINUTE) } });
    expect((await profile({ token })).status).toBe(401);
    expect(await db.session.findUnique({ where: { id: session.id } })).toBeNull();
  });

  it("a session past its absolute lifetime ends however active it is", async () => {
    const user = await createUser();
    const token = await signInAs(user.email);
    const session = await sessionOf(token);
    await db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await profile({ token })).status).toBe(401);
  });

  it("moves lastSeenAt forward only once it lags by a twelfth of the idle timeout", async () => {
    const user = await createUser();
    const token = await signInAs(user.email);
    const session = await sessionOf(token);
    const recent = new Date(Date.now() - 2 * MINUTE);
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: recent } });
    expect((await profile({ token })).status).toBe(200);
    expect((await sessionOf(token)).lastSeenAt).toEqual(recent);

    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date(Date.now() - 3 * MINUTE) } });
    const before = Date.now();
    expect((await profile({ token })).status).toBe(200);
    expect((await sessionOf(token)).lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("signing in deletes the sessions that have ended", async () => {
    const user = await createUser();
    const other = await createUser();
    const expired = await db.session.create({ data: { userId: other.id, expiresAt: new Date(Date.now() - 1000) } });
    const idle = await db.session.create({
      data: { userId: user.id, lastSeenAt: new Date(Date.now() - 40 * MINUTE), expiresAt: new Date(Date.now() + MINUTE) },
    });
    const live = await db.session.create({ data: { userId: other.id, expiresAt: new Date(Date.now() + MINUTE) } });
    await signInAs(user.email);
    const left = (await db.session.findMany({ where: { id: { in: [expired.id, idle.id, live.id] } } })).map((row) => row.id);
    expect(left).toEqual([live.id]);
  });
});

describe("changing the password", () => {
  it("needs the current password and ends every other session, keeping this one", async () => {
    const user = await createUser();
    const [token, otherDevice] = [await signInAs(user.email), await signInAs(user.email)];

    const wrong = await changePassword(token, { currentPassword: "not my password", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Your current password is incorrect");
    const short = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 8 characters/);
    expect((await profile({ token: otherDevice })).status).toBe(200);

    const changed = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await profile({ token })).status).toBe(200);
    expect((await profile({ token: otherDevice })).status).toBe(401);
    expect((await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      401,
    );
    expect((await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(
      200,
    );
  });

  it("refuses with 429 after five wrong current passwords, even the right one", async () => {
    const user = await createUser();
    const token = await signInAs(user.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await changePassword(token, { currentPassword: `wrong ${attempt}`, newPassword: NEW_PASSWORD })).status).toBe(403);
    }
    const blocked = await changePassword(token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many incorrect passwords/);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
