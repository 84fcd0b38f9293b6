// PASSWORD_LOGIN=off: single sign-on is the only way in. Sign-in, registration and both password
// reset calls answer 403 with a clear message and change nothing; the first-administrator command
// still creates an administrator, and administrators still promote accounts made by single sign-on.
import * as loginRoute from "@/app/api/auth/login/route";
import * as registerRoute from "@/app/api/auth/register/route";
import * as requestResetRoute from "@/app/api/auth/request-reset/route";
import * as resetPasswordRoute from "@/app/api/auth/reset-password/route";
import * as makeAdminRoute from "@/app/api/admin/make-admin/[id]/route";
import { db } from "@/lib/server/db";
import { admitSsoSignIn, type SsoProviderPolicy } from "@/lib/server/auth/sso-accounts";
import { issueSessionToken } from "@/lib/server/auth/session";
import { afterResponseWorkSettled } from "@/lib/server/mail/after-response";
import { SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-messages";
import type { RouteHandler } from "@/lib/server/http/route";
import { call } from "../helpers/api-client";
import { withEnv } from "../helpers/mail-catcher";
import { createUser, TEST_PASSWORD } from "../helpers/users";
import { runScript } from "../helpers/run-script";

const NO_LINKING: SsoProviderPolicy = { allowAccountLinking: false, domains: [] };

const PASSWORD_CALLS: [string, RouteHandler, string, (email: string) => unknown][] = [
  ["sign-in", loginRoute.POST, "/api/auth/login", (email) => ({ email, password: TEST_PASSWORD })],
  ["registration", registerRoute.POST, "/api/auth/register", (email) => ({ email: `new-${email}`, password: TEST_PASSWORD })],
  ["reset request", requestResetRoute.POST, "/api/auth/request-reset", (email) => ({ email })],
  ["reset", resetPasswordRoute.POST, "/api/auth/reset-password", () => ({ token: "a-reset-token", password: TEST_PASSWORD })],
];

async function counts() {
  const [users, sessions, tokens, throttle] = await Promise.all([
    db.user.count(),
    db.session.count(),
    db.userToken.count(),
    db.throttleEvent.count(),
  ]);
  return { users, sessions, tokens, throttle };
}

describe("PASSWORD_LOGIN=off", () => {
  withEnv({ PASSWORD_LOGIN: "off", SMTP_HOST: undefined, DEMO_MODE: "1" });

  it.each(PASSWORD_CALLS)("refuses %s with 403, changing nothing", async (_label, handler, path, body) => {
    const user = await createUser();
    const before = await counts();
    const res = await call(handler, "POST", path, { body: body(user.email) });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: SIGN_IN_MESSAGES.passwordLoginOff });
    expect(await counts()).toEqual(before);
  });

  it("lets the first-administrator command create an administrator", () => {
    const result = runScript("user-create", ["--email", "first.admin@corp.example", "--admin"], {
      USER_PASSWORD: "first-admin-pass",
      PASSWORD_LOGIN: "off",
    });
    expect(result.output).toMatch(/Created administrator first\.admin@corp\.example/);
    expect(result.code).toBe(0);
  });

  it("lets an administrator promote an account made by single sign-on", async () => {
    // The administrator's session as single sign-on starts it: password sign-in is off.
    const token = await issueSessionToken(await createUser({ isAdmin: true }));
    const admission = await admitSsoSignIn(
      { provider: "corp", subject: "promoted", email: "promoted@corp.example", emailVerified: true, name: null },
      "http://localhost:3000",
      NO_LINKING,
    );
    expect(admission).toEqual({ refused: "pending" });
    const user = await db.user.update({ where: { email: "promoted@corp.example" }, data: { approved: true } });
    const res = await call(makeAdminRoute.POST, "POST", `/api/admin/make-admin/${user.id}`, { token, params: { id: user.id } });
    expect(res.status).toBe(200);
    expect(
      await admitSsoSignIn(
        { provider: "corp", subject: "promoted", email: user.email, emailVerified: true, name: null },
        "http://localhost:3000",
        NO_LINKING,
      ),
    ).toEqual({
      user: { id: user.id, isAdmin: true },
    });
  });
});

describe("PASSWORD_LOGIN unset or on", () => {
  withEnv({ PASSWORD_LOGIN: "on", SMTP_HOST: undefined, DEMO_MODE: undefined });

  it("signs in with a password", async () => {
    const user = await createUser();
    expect((await call(loginRoute.POST, "POST", "/api/auth/login", { body: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );
  });

  it("refuses an account made by single sign-on exactly like a wrong password", async () => {
    await admitSsoSignIn(
      { provider: "corp", subject: "no-password", email: "nopassword@auto.example", emailVerified: true, name: null },
      "http://localhost:3000",
      NO_LINKING,
    );
    const res = await call(loginRoute.POST, "POST", "/api/auth/login", {
      body: { email: "nopassword@auto.example", password: TEST_PASSWORD },
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: SIGN_IN_MESSAGES.invalid });
  });

  it("answers a reset request for an account without a password as for any other", async () => {
    await admitSsoSignIn(
      { provider: "corp", subject: "no-password-reset", email: "reset.sso@corp.example", emailVerified: true, name: null },
      "http://localhost:3000",
      NO_LINKING,
    );
    const forSso = await call(requestResetRoute.POST, "POST", "/api/auth/request-reset", { body: { email: "reset.sso@corp.example" } });
    const forUnknown = await call(requestResetRoute.POST, "POST", "/api/auth/request-reset", {
      body: { email: "nobody.at.all@corp.example" },
    });
    expect(forSso.status).toBe(200);
    expect(forSso.body).toEqual(forUnknown.body);
    await afterResponseWorkSettled();
  });
});
