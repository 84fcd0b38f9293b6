import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import * as requestResetRoute from "@/app/api/auth/request-reset/route";
import * as resetRoute from "@/app/api/auth/reset-password/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { db } from "@/lib/server/db";
import { RESET_MESSAGES } from "@/lib/server/auth/password-reset";
import { call } from "../helpers/api-client";
import { createUser, signedInUser, TEST_PASSWORD } from "../helpers/users";

const NEW_PASSWORD = "a brand new passphrase";

const requestReset = (email: string) => call(requestResetRoute.POST, "POST", "/api/auth/request-reset", { body: { email } });
const reset = (token: string, password = NEW_PASSWORD) => call(resetRoute.POST, "POST", "/api/auth/reset-password", { body: { token, password } });
const login = (email: string, password: string) => call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password } });

function withEnv(values: Record<string, string | undefined>) {
  const saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    for (const [key, value] of Object.entries(values)) {
      saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}

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
  const received: { to: string[]; text: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  withEnv({ DEMO_MODE: undefined, SMTP_HOST: "127.0.0.1", SMTP_SECURE: "false", SMTP_FROM: "Portal <portal@example.com>", APP_URL: "https://portal.example.com" });
  beforeEach(() => {
    process.env.SMTP_PORT = String(port);
  });
  afterEach(() => {
    delete process.env.SMTP_PORT;
  });

  it("mails a link with the token instead of returning it", async () => {
    const user = await createUser();
    const res = await requestReset(user.email);
    expect(res.body).toEqual({ message: RESET_MESSAGES.requested });

    const mail = received.find((message) => message.to.includes(user.email));
    expect(mail).toBeDefined();
    // The body is quoted-printable: undo soft line breaks and =XX escapes.
    const unfolded = mail!.text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = unfolded.match(/https:\/\/portal\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/);
    expect(link).not.toBeNull();
    expect((await reset(link![1])).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("sends nothing for an unknown address", async () => {
    const before = received.length;
    await requestReset("ghost@example.com");
    expect(received.length).toBe(before);
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
      const line = log.mock.calls.map((args) => String(args[0])).find((text) => text.includes(user.email));
      const token = line?.match(/token=([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeDefined();
      expect((await reset(decodeURIComponent(token!))).status).toBe(200);
    } finally {
      log.mockRestore();
    }
  });
});
