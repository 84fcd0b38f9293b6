import * as requestResetRoute from "@/app/api/auth/request-reset/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { db } from "@/lib/server/db";
import { RESET_MESSAGES } from "@/lib/server/auth/password-reset";
import { call } from "../helpers/api-client";
import { createUser, signedInUser, TEST_PASSWORD } from "../helpers/users";
import { catchMail, withEnv } from "../helpers/mail-catcher";
import { afterResponseWorkSettled } from "@/lib/server/mail/after-response";

const NEW_PASSWORD = "a brand new passphrase";

const requestReset = (email: string) => call(requestResetRoute.POST, "POST", "/api/auth/request-reset", { body: { email } });
const reset = (token: string, password = NEW_PASSWORD) =>
  call(resetRoute.POST, "POST", "/api/auth/reset-password", { body: { token, password } });
const login = (email: string, password: string) => call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password } });

describe("password reset in demo mode", () => {
  withEnv({ DEMO_MODE: "1", SMTP_HOST: undefined });

  it("returns a single-use token that sets a new password and ends existing sessions", async () => {
    const { user, token: oldSession } = await signedInUser();
    const requested = await requestReset(user.email.toUpperCase());
    expect(requested.status).toBe(200);
    expect(requested.body.message).toBe(RESET_MESSAGES.requested);
    expect(typeof requested.body.token).toBe("string");

    const stored = await db.userToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(requested.body.token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeCloseTo(60 * 60 * 1000, -3);

    const done = await reset(requested.body.token);
    expect(done.status).toBe(200);
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token: oldSession })).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    const reused = await reset(requested.body.token, "yet another password");
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(RESET_MESSAGES.invalidToken);
  });

  it("answers an unknown address exactly like a known one, without a token", async () => {
    const res = await requestReset("nobody@example.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: RESET_MESSAGES.requested });
  });

  it("refuses an expired token and voids the user's other tokens once one is used", async () => {
    const user = await createUser();
    const first = (await requestReset(user.email)).body.token;
    const second = (await requestReset(user.email)).body.token;
    await db.userToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await reset(first)).status).toBe(400);

    const third = (await requestReset(user.email)).body.token;
    expect((await reset(third)).status).toBe(200);
    expect((await reset(second)).status).toBe(400);
  });

  it("refuses unknown tokens and short passwords", async () => {
    expect((await reset("made-up-token")).status).toBe(400);
    const user = await createUser();
    const token = (await requestReset(user.email)).body.token;
    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 8 characters/);
    // The failed attempt did not use the token up.
    expect((await reset(token)).status).toBe(200);
  });
});

describe("password reset by e-mail", () => {
  const mail = catchMail();

  it("mails a link with the token instead of returning it", async () => {
    const user = await createUser();
    const res = await requestReset(user.email);
    expect(res.body).toEqual({ message: RESET_MESSAGES.requested });

    const token = await mail.linkToken(user.email, "reset-password");
    expect((await reset(token)).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("sends nothing for an unknown address", async () => {
    const before = mail.received.length;
    await requestReset("ghost@example.com");
    await afterResponseWorkSettled();
    expect(mail.received.length).toBe(before);
  });

  it("answers before the mail is sent, so a slow mail server does not tell which accounts exist", async () => {
    const user = await createUser();
    // The mail server never answers until the answers are in: a call that waited for it would hang.
    const release = mail.holdDeliveries();
    for (const email of [user.email, "nobody-here@example.com"]) {
      const res = await requestReset(email);
      expect({ email, status: res.status, body: res.body }).toEqual({ email, status: 200, body: { message: RESET_MESSAGES.requested } });
    }
    release();
    expect(await mail.mailsTo(user.email)).toHaveLength(1);
  });
});

describe("password reset without SMTP or demo mode", () => {
  withEnv({ DEMO_MODE: undefined, SMTP_HOST: undefined });

  it("writes the link to the server log", async () => {
    const user = await createUser();
    const log = jest.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      const res = await requestReset(user.email);
      expect(res.body).toEqual({ message: RESET_MESSAGES.requested });
      await afterResponseWorkSettled();
      const line = log.mock.calls.map((args) => String(args[0])).find((text) => text.includes(user.email));
      const token = line?.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeDefined();
      expect((await reset(decodeURIComponent(token!))).status).toBe(200);
    } finally {
      log.mockRestore();
    }
  });
});

describe("password reset in production without SMTP", () => {
  withEnv({ DEMO_MODE: undefined, SMTP_HOST: undefined, NODE_ENV: "production", APP_URL: "https://portal.example.com" });

  it("answers as usual and logs only that mail is not configured, never the link", async () => {
    const user = await createUser();
    const logged: string[] = [];
    const spies = (["info", "warn", "error", "log"] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
    );
    try {
      const res = await requestReset(user.email);
      expect(res.body).toEqual({ message: RESET_MESSAGES.requested });
      await afterResponseWorkSettled();
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(logged.filter((line) => /token=|reset-password/.test(line))).toEqual([]);
    expect(logged.some((line) => /SMTP is not configured/.test(line))).toBe(true);
    expect(await db.userToken.count({ where: { userId: user.id } })).toBe(1);
  });
});
