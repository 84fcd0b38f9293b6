// Single sign-on through next-auth against real OpenID Connect providers (the oidc-provider package
// on loopback ports), on both databases: the portal's handlers are called in-process, the
// providers' sign-in and consent pages over HTTP. A sign-in starts exactly the session a password
// sign-in starts; a tampered ID token, a provider whose discovery names another issuer than its
// tokens, and a provider that is not the configured issuer are refused without a session.
import { decode } from "next-auth/jwt";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as ssoSessionRoute from "@/app/api/auth/sso/session/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import * as profileRoute from "@/app/api/user/profile/route";
import { db } from "@/lib/server/db";
import { getAuthSecret, SESSION_COOKIE_NAME, sessionLifetimes } from "@/lib/auth/session-config";
import { SSO_SIGN_IN_MESSAGES, ssoSignInErrorMessage } from "@/lib/auth/sign-in-messages";
import { call } from "../helpers/api-client";
import { createUser } from "../helpers/users";
import {
  callbackUrl,
  ssoEnvironment,
  startOidcProviders,
  TEST_ACCOUNTS,
  type RunningProviders,
  type TestProviderSpec,
} from "../helpers/oidc-provider";
import { nextAuthPath, signInThroughProvider } from "../helpers/oidc-provider-flow";

const APP_URL = "http://localhost:3000";
const PROVIDERS: TestProviderSpec[] = [
  { id: "corp", name: "Corp" },
  { id: "tampered", name: "Tampered", behaviour: "tampered-token" },
  { id: "lying", name: "Lying", behaviour: "lying-discovery" },
  { id: "foreign", name: "Foreign", isForeign: true },
];

let providers: RunningProviders;
let configured: Record<string, string>;

beforeAll(async () => {
  providers = await startOidcProviders({
    providers: PROVIDERS,
    redirectUris: PROVIDERS.map((provider) => callbackUrl(APP_URL, provider.id)),
  });
  // Linking to existing accounts allowed: the refusal without it is tested in sso-sign-in-methods.test.ts.
  configured = { APP_URL, ...ssoEnvironment(PROVIDERS, providers), SSO_CORP_ALLOW_ACCOUNT_LINKING: "true" };
  Object.assign(process.env, configured);
});

afterAll(() => {
  providers?.stop();
  for (const key of Object.keys(configured ?? {})) delete process.env[key];
});

/** The error code of /login?error=<code>, as the login page reads it. */
const loginError = (location: string) => new URL(location, APP_URL).searchParams.get("error") ?? undefined;

describe("a sign-in that is admitted", () => {
  it("starts the portal's own session: a Session row, its token in the portal's cookie, then lands on /login/sso", async () => {
    const { callback, location, portalCookies } = await signInThroughProvider("corp", "ada");
    expect(callback.status).toBe(302);
    expect(location).toBe(`${APP_URL}/login/sso?next=%2Fdashboard`);

    const user = await db.user.findUniqueOrThrow({ where: { email: TEST_ACCOUNTS.ada.email } });
    expect(user).toMatchObject({ approved: true, passwordHash: null, name: TEST_ACCOUNTS.ada.name });

    // The cookie is the one the password sign-in sets: same name, flags and lifetime.
    const sessionCookie = callback.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`)) ?? "";
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=lax/i);
    expect(sessionCookie).toMatch(/; Path=\//);
    expect(sessionCookie).toContain(`Max-Age=${sessionLifetimes().maxAgeSeconds}`);
    // next-auth's one-time cookies of the sign-in are deleted.
    for (const name of ["next-auth.state", "next-auth.pkce.code_verifier", "next-auth.nonce"]) {
      expect(callback.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(new RegExp(`^${name.replace(/\./g, "\\.")}=; Max-Age=0`)),
      );
    }

    const token = String(portalCookies.get(SESSION_COOKIE_NAME));
    const claims = await decode({ token, secret: getAuthSecret() });
    expect(claims).toMatchObject({ sub: user.id, adm: false, sid: expect.any(String) });
    const session = await db.session.findUniqueOrThrow({ where: { id: String(claims?.sid) } });
    expect(session.userId).toBe(user.id);
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(sessionLifetimes().maxAgeSeconds * 1000);

    // The landing page reads the session of the cookie, as login answers it, to keep it.
    const handoff = await call(ssoSessionRoute.GET, "GET", "/api/auth/sso/session", { cookie: `${SESSION_COOKIE_NAME}=${token}` });
    expect(handoff.status).toBe(200);
    expect(handoff.headers.get("cache-control")).toBe("no-store");
    expect(handoff.body).toEqual({ token, user: { id: user.id, email: user.email, name: user.name, isAdmin: false } });
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token })).status).toBe(200);

    // Logout ends it at once, for the cookie and the bearer token alike.
    expect((await call(logoutRoute.POST, "POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await call(ssoSessionRoute.GET, "GET", "/api/auth/sso/session", { cookie: `${SESSION_COOKIE_NAME}=${token}` })).status).toBe(
      401,
    );
    expect((await call(profileRoute.GET, "GET", "/api/user/profile", { token })).status).toBe(401);
  });

  it("links an existing account with the same verified e-mail and signs in to it", async () => {
    const existing = await createUser({ email: TEST_ACCOUNTS.lee.email, isAdmin: true });
    await db.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    const { location, portalCookies } = await signInThroughProvider("corp", "lee");
    expect(location).toBe(`${APP_URL}/login/sso?next=%2Fdashboard`);
    const claims = await decode({ token: String(portalCookies.get(SESSION_COOKIE_NAME)), secret: getAuthSecret() });
    expect(claims).toMatchObject({ sub: existing.id, adm: true });
    expect(await db.ssoIdentity.findMany({ where: { userId: existing.id }, select: { provider: true, subject: true } })).toEqual([
      { provider: "corp", subject: TEST_ACCOUNTS.lee.sub },
    ]);
  });
});

describe("a sign-in that is refused starts no session", () => {
  it.each([
    ["a first sign-in, pending approval", "pat", undefined, "pending"],
    ["an unverified e-mail of an existing account", "una", { approved: true }, "unverified"],
    ["a revoked account", "rev", { isActive: false }, "revoked"],
  ] as const)("%s", async (_label, login, existingAccount, code) => {
    if (existingAccount) {
      const existing = await createUser({ email: TEST_ACCOUNTS[login].email, ...existingAccount });
      await db.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    }
    const sessionsBefore = await db.session.count();
    const { location, portalCookies } = await signInThroughProvider("corp", login);
    expect(location).toBe(`${APP_URL}/login?error=${code}`);
    expect(ssoSignInErrorMessage(loginError(location))).toBe(SSO_SIGN_IN_MESSAGES[code]);
    expect(portalCookies.get(SESSION_COOKIE_NAME)).toBeUndefined();
    expect(await db.session.count()).toBe(sessionsBefore);
  });

  it.each([
    ["an ID token altered on its way from the provider", "tampered", /failed to validate JWT signature/],
    ["a provider whose discovery names another issuer than its tokens", "lying", /iss mismatch/],
    ["a provider that signs as an issuer other than the configured one", "foreign", /is not the configured/],
  ])("%s", async (_label, providerId, reason) => {
    const [users, sessions] = [await db.user.count(), await db.session.count()];
    // The refusal is logged with its reason: the one this provider was built to provoke.
    const logged = [jest.spyOn(console, "error").mockImplementation(() => {}), jest.spyOn(console, "warn").mockImplementation(() => {})];
    const { location, portalCookies } = await signInThroughProvider(providerId, "otto");
    const messages = logged.flatMap((spy) =>
      spy.mock.calls.map((args) =>
        args.map((arg) => (arg instanceof Error ? arg.message : (JSON.stringify(arg) ?? String(arg)))).join(" "),
      ),
    );
    logged.forEach((spy) => spy.mockRestore());
    expect(messages.join("\n")).toMatch(reason);
    expect(new URL(location, APP_URL).pathname).toBe("/login");
    expect(ssoSignInErrorMessage(loginError(location))).toBe(SSO_SIGN_IN_MESSAGES.failed);
    expect(portalCookies.get(SESSION_COOKIE_NAME)).toBeUndefined();
    expect([await db.user.count(), await db.session.count()]).toEqual([users, sessions]);
    expect(await db.user.findUnique({ where: { email: TEST_ACCOUNTS.otto.email } })).toBeNull();
  });
});

describe("next-auth's endpoints", () => {
  const get = (...segments: string[]) =>
    call(nextAuthRoute.GET, "GET", `/api/auth/${segments.join("/")}`, { params: nextAuthPath(...segments) });

  it("starts a sign-in with PKCE (S256), state and nonce, at the configured provider", async () => {
    const csrf = await get("csrf");
    const cookie = csrf.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const start = await call(nextAuthRoute.POST, "POST", "/api/auth/signin/corp", {
      params: nextAuthPath("signin", "corp"),
      cookie,
      body: { csrfToken: csrf.body.csrfToken, callbackUrl: "https://evil.example/steal" },
    });
    expect(start.status).toBe(200);
    const authorization = new URL(start.body.url);
    expect(authorization.origin).toBe(providers.issuerOf.corp);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: "transcript-portal",
      redirect_uri: callbackUrl(APP_URL, "corp"),
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
      code_challenge: expect.any(String),
      state: expect.any(String),
      nonce: expect.any(String),
    });
    // A foreign callbackUrl is replaced by the landing page.
    expect(start.headers.getSetCookie()).toContainEqual(
      expect.stringContaining(`next-auth.callback-url=${encodeURIComponent(`${APP_URL}/login/sso`)}`),
    );
  });

  it("refuses a sign-in without the CSRF token's cookie", async () => {
    const csrf = await get("csrf");
    const start = await call(nextAuthRoute.POST, "POST", "/api/auth/signin/corp", {
      params: nextAuthPath("signin", "corp"),
      body: { csrfToken: csrf.body.csrfToken },
    });
    expect(new URL(start.body.url).pathname).toBe("/api/auth/signin");
    expect(start.headers.getSetCookie().some((header) => header.startsWith("next-auth.state="))).toBe(false);
  });

  it("refuses a provider's answer without the sign-in's state, PKCE and nonce cookies", async () => {
    const res = await call(nextAuthRoute.GET, "GET", "/api/auth/callback/corp", {
      params: nextAuthPath("callback", "corp"),
      query: { code: "forged", state: "forged", iss: providers.issuerOf.corp },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/api/auth/error?error=OAuthCallback");
    expect(res.headers.getSetCookie().some((header) => header.startsWith(`${SESSION_COOKIE_NAME}=`))).toBe(false);
  });

  it.each([
    ["next-auth's session", ["session"]],
    ["next-auth's sign-out page", ["signout"]],
    ["next-auth's provider list", ["providers"]],
    ["an unknown action", ["unknown-id"]],
    ["a callback of an unknown provider", ["callback", "unknown-id"]],
  ])("answers 404 for %s", async (_label, segments) => {
    const res = await get(...segments);
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe("string");
  });

  it.each([
    ["error", "OAuthCallback", "OAuthCallback"],
    ["signin", "AccessDenied", "AccessDenied"],
    ["error", "<script>alert(1)</script>", "failed"],
    ["signin", undefined, "failed"],
  ])("sends next-auth's %s page with error %p to /login?error=%s", async (action, error, code) => {
    const res = await call(nextAuthRoute.GET, "GET", `/api/auth/${action}`, {
      params: nextAuthPath(action),
      query: error ? { error } : {},
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${APP_URL}/login?error=${code}`);
  });

  it("answers 400 for a path longer than an action and a provider", async () => {
    const res = await get("callback", "corp", "extra");
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe("string");
  });

  it.each([["signout"], ["session"], ["callback", "corp"], ["signin", "unknown-id"]])("answers 404 to POST %s", async (...segments) => {
    const res = await call(nextAuthRoute.POST, "POST", `/api/auth/${segments.join("/")}`, {
      params: nextAuthPath(...segments),
      body: { csrfToken: "x" },
    });
    expect(res.status).toBe(404);
  });

  it("survives hostile answers and sign-in requests with a 4xx or a redirect to /login, starting nothing", async () => {
    const hostile = [
      "' OR '1'='1' --",
      "<script>alert(1)</script>",
      "javascript:alert(1)",
      "../../../../etc/passwd",
      "%00%27%22",
      "𝕳𝖊𝖑𝖑𝖔 🤖",
      "x".repeat(5000),
    ];
    const before = [await db.user.count(), await db.session.count(), await db.ssoIdentity.count()];
    const answers: { status: number; location: string | null }[] = [];
    for (const value of hostile) {
      const queries: Record<string, string>[] = [
        { code: value, state: value, iss: value },
        { error: value, error_description: value },
        { [value.slice(0, 60)]: value },
      ];
      for (const query of queries) {
        const res = await call(nextAuthRoute.GET, "GET", "/api/auth/callback/corp", { params: nextAuthPath("callback", "corp"), query });
        answers.push({ status: res.status, location: res.headers.get("location") });
      }
      for (const segments of [["callback", value], ["signin", value], [value]]) {
        const res = await get(...segments);
        answers.push({ status: res.status, location: res.headers.get("location") });
      }
      const csrf = await get("csrf");
      const cookie = csrf.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
      for (const body of [
        { csrfToken: csrf.body.csrfToken, callbackUrl: value },
        { csrfToken: value },
        { csrfToken: csrf.body.csrfToken, scope: value },
      ]) {
        const res = await call(nextAuthRoute.POST, "POST", "/api/auth/signin/corp", {
          params: nextAuthPath("signin", "corp"),
          cookie,
          body,
        });
        answers.push({ status: res.status, location: res.status === 200 ? String(res.body.url) : null });
      }
    }
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      if (answer.status === 302) expect(answer.location).toMatch(/^(http:\/\/localhost:3000)?\/(login|api\/auth\/(error|signin))\?/);
      if (answer.status === 200) expect(new URL(String(answer.location)).origin).toMatch(/^http:\/\/(127\.0\.0\.1:\d+|localhost:3000)$/);
    }
    expect([await db.user.count(), await db.session.count(), await db.ssoIdentity.count()]).toEqual(before);
  });

  it("answers 404 everywhere while no provider is configured", async () => {
    const saved = process.env.SSO_PROVIDERS;
    delete process.env.SSO_PROVIDERS;
    try {
      for (const segments of [["csrf"], ["callback", "corp"]]) expect((await get(...segments)).status).toBe(404);
    } finally {
      process.env.SSO_PROVIDERS = saved;
    }
  });
});
