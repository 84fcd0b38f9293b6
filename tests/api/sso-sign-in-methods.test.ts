// Profile › Sign-in methods and the linking rules of single sign-on, through real OpenID Connect
// providers on both databases: a first sign-in never links to an existing account unless the
// provider allows it (SSO_<ID>_ALLOW_ACCOUNT_LINKING), and is told to connect from Profile instead;
// connecting links the identity to the signed-in session's user only; SSO_<ID>_DOMAINS limits a
// provider to its domains; disconnecting keeps at least one way in.
import * as methodsRoute from "@/app/api/user/sign-in-methods/route";
import * as methodRoute from "@/app/api/user/sign-in-methods/[providerId]/route";
import * as logoutRoute from "@/app/api/auth/logout/route";
import { db } from "@/lib/server/db";
import { issueSessionToken } from "@/lib/server/auth/session";
import { SESSION_COOKIE_NAME } from "@/lib/auth/session-config";
import { SSO_CONNECT_MESSAGES, SSO_SIGN_IN_MESSAGES, ssoConnectMessage, ssoSignInErrorMessage } from "@/lib/auth/sign-in-messages";
import { call } from "../helpers/api-client";
import { withEnv } from "../helpers/mail-catcher";
import { createUser } from "../helpers/users";
import {
  callbackUrl,
  ssoEnvironment,
  startOidcProviders,
  TEST_ACCOUNTS,
  type RunningProviders,
  type TestProviderSpec,
} from "../helpers/oidc-provider";
import { connectThroughProvider, signInThroughProvider } from "../helpers/oidc-provider-flow";

const APP_URL = "http://localhost:3000";
const PROVIDERS: TestProviderSpec[] = [
  { id: "corp", name: "Corp" },
  { id: "partner", name: "Partner" },
];

let providers: RunningProviders;
let configured: Record<string, string>;

beforeAll(async () => {
  providers = await startOidcProviders({
    providers: PROVIDERS,
    redirectUris: PROVIDERS.map((provider) => callbackUrl(APP_URL, provider.id)),
  });
  configured = { APP_URL, ...ssoEnvironment(PROVIDERS, providers) };
  Object.assign(process.env, configured);
});

afterAll(() => {
  providers?.stop();
  for (const key of Object.keys(configured ?? {})) delete process.env[key];
});

withEnv({ SMTP_HOST: undefined, PASSWORD_LOGIN: undefined, SSO_CORP_ALLOW_ACCOUNT_LINKING: undefined, SSO_CORP_DOMAINS: undefined });

/** An approved account with a confirmed address and a password (unless `hasPassword` is false), and a session of it. */
async function signedIn(
  email: string,
  { hasPassword = true, ...overrides }: Parameters<typeof createUser>[0] & { hasPassword?: boolean } = {},
) {
  const user = await createUser({ email, ...overrides });
  await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date(), ...(hasPassword ? {} : { passwordHash: null }) } });
  return { user, token: await issueSessionToken(user) };
}

const identitiesOf = (userId: string) => db.ssoIdentity.findMany({ where: { userId }, select: { provider: true, subject: true } });
const auditActionsOf = (userId: string) =>
  db.auditEvent.findMany({ where: { targetId: userId }, orderBy: { createdAt: "asc" }, select: { action: true, details: true } });
const connectOutcome = (location: string) => new URL(location, APP_URL).searchParams.get("connect");
const loginError = (location: string) => new URL(location, APP_URL).searchParams.get("error") ?? undefined;

describe("a first sign-in with the e-mail of an existing account", () => {
  it("is refused by default, administrators included, with a message that says to connect from Profile", async () => {
    const { user } = await signedIn(TEST_ACCOUNTS.lee.email, { isAdmin: true });
    const sessions = await db.session.count({ where: { userId: user.id } });
    const { location, portalCookies } = await signInThroughProvider("corp", "lee");
    expect(location).toBe(`${APP_URL}/login?error=linking`);
    expect(ssoSignInErrorMessage(loginError(location))).toBe(SSO_SIGN_IN_MESSAGES.linking);
    expect(SSO_SIGN_IN_MESSAGES.linking).toMatch(/Sign in with your password, then connect this provider from Profile › Sign-in methods/);
    expect(portalCookies.get(SESSION_COOKIE_NAME)).toBeUndefined();
    expect(await identitiesOf(user.id)).toEqual([]);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(sessions);
  });

  it("links where SSO_<ID>_ALLOW_ACCOUNT_LINKING=true", async () => {
    process.env.SSO_CORP_ALLOW_ACCOUNT_LINKING = "true";
    const { user } = await signedIn(TEST_ACCOUNTS.rev.email);
    const { location } = await signInThroughProvider("corp", "rev");
    expect(location).toBe(`${APP_URL}/login/sso?next=%2Fdashboard`);
    expect(await identitiesOf(user.id)).toEqual([{ provider: "corp", subject: TEST_ACCOUNTS.rev.sub }]);
  });
});

describe("SSO_<ID>_DOMAINS", () => {
  it("refuses addresses of other domains, at sign-in and when connecting", async () => {
    process.env.SSO_CORP_DOMAINS = "corp.example, @Other.Example";
    const users = await db.user.count();
    const refused = await signInThroughProvider("corp", "otto");
    expect(refused.location).toBe(`${APP_URL}/login?error=domain`);
    expect(ssoSignInErrorMessage(loginError(refused.location))).toBe(SSO_SIGN_IN_MESSAGES.domain);
    expect(await db.user.count()).toBe(users);

    const { user, token } = await signedIn("domain.keeper@corp.example");
    const connect = await connectThroughProvider("corp", "ada", token);
    expect(connect.location).toBe(`${APP_URL}/profile?connect=domain`);
    expect(await identitiesOf(user.id)).toEqual([]);

    // An address of a listed domain signs in (a new account, pending approval).
    expect((await signInThroughProvider("corp", "pat")).location).toBe(`${APP_URL}/login?error=pending`);
  });
});

describe("Profile › Sign-in methods", () => {
  it("lists the providers with the caller's connections, and refuses callers without a session", async () => {
    const { token } = await signedIn("lister@corp.example");
    const res = await call(methodsRoute.GET, "GET", "/api/user/sign-in-methods", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasPassword: true,
      providers: [
        { id: "corp", name: "Corp", isConnected: false },
        { id: "partner", name: "Partner", isConnected: false },
      ],
    });
    expect((await call(methodsRoute.GET, "GET", "/api/user/sign-in-methods")).status).toBe(401);
  });

  it("connects the provider's identity to the signed-in user, starts no session, and records it", async () => {
    const { user, token } = await signedIn("connector@corp.example", { isAdmin: true });
    const sessions = await db.session.count({ where: { userId: user.id } });
    const { start, callback, location, portalCookies } = await connectThroughProvider("corp", "otto", token);
    expect(start?.status).toBe(200);
    expect(start?.headers.getSetCookie().join("\n")).toMatch(/^portal-sso-connect=[^;]+; Path=\/api\/auth; .*HttpOnly/im);
    expect(location).toBe(`${APP_URL}/profile?connect=connected`);
    expect(ssoConnectMessage(connectOutcome(location))).toEqual({ text: SSO_CONNECT_MESSAGES.connected, isSuccess: true });
    // The intent is spent, and the session stays the one the user had.
    expect(callback.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^portal-sso-connect=; Path=\/api\/auth; Max-Age=0/));
    expect(portalCookies.get(SESSION_COOKIE_NAME)).toBe(token);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(sessions);
    expect(await identitiesOf(user.id)).toEqual([{ provider: "corp", subject: TEST_ACCOUNTS.otto.sub }]);
    expect((await auditActionsOf(user.id)).map((event) => [event.action, event.details])).toEqual([
      ["user.sso_connect", JSON.stringify({ provider: "corp" })],
    ]);

    // The identity now signs in to this account, whatever e-mail it has.
    const signIn = await signInThroughProvider("corp", "otto");
    expect(signIn.location).toBe(`${APP_URL}/login/sso?next=%2Fdashboard`);
    const listed = await call(methodsRoute.GET, "GET", "/api/user/sign-in-methods", { token });
    expect(listed.body.providers).toEqual([
      { id: "corp", name: "Corp", isConnected: true },
      { id: "partner", name: "Partner", isConnected: false },
    ]);
    // Connecting it again is refused before the provider is asked.
    const again = await call(methodRoute.POST, "POST", "/api/user/sign-in-methods/corp", { token, params: { providerId: "corp" } });
    expect(again.status).toBe(409);
  });

  it("refuses an identity connected to another account", async () => {
    const first = await signedIn("first.owner@corp.example");
    expect((await connectThroughProvider("partner", "una", first.token)).location).toBe(`${APP_URL}/profile?connect=connected`);
    const second = await signedIn("second.owner@corp.example");
    const taken = await connectThroughProvider("partner", "una", second.token);
    expect(taken.location).toBe(`${APP_URL}/profile?connect=taken`);
    expect(await identitiesOf(second.user.id)).toEqual([]);
  });

  it("links nothing without the intent of the very session the callback carries", async () => {
    // The session cookie alone: an ordinary sign-in, refused for the existing account's e-mail.
    const { user, token } = await signedIn(TEST_ACCOUNTS.pat.email.replace("pat@", "pat.two@"));
    const plain = await connectThroughProvider("partner", "lee", token, { skipStart: true });
    expect(plain.location).toBe(`${APP_URL}/login?error=linking`);

    // An intent whose session ended (logged out meanwhile) is void.
    const other = await signedIn("short.session@corp.example");
    const start = await call(methodRoute.POST, "POST", "/api/user/sign-in-methods/partner", {
      cookie: `${SESSION_COOKIE_NAME}=${other.token}`,
      params: { providerId: "partner" },
    });
    expect(start.status).toBe(200);
    await call(logoutRoute.POST, "POST", "/api/auth/logout", { token: other.token });
    const ended = await connectThroughProvider("partner", "lee", other.token, { skipStart: true });
    expect(new URL(ended.location, APP_URL).pathname).toBe("/login");
    expect(await identitiesOf(other.user.id)).toEqual([]);
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it("answers 404 for a provider that is not configured, and 400 for a malformed id", async () => {
    const { token } = await signedIn("unknown.provider@corp.example");
    const unknown = await call(methodRoute.POST, "POST", "/api/user/sign-in-methods/nowhere", { token, params: { providerId: "nowhere" } });
    expect(unknown.status).toBe(404);
    const malformed = await call(methodRoute.DELETE, "DELETE", "/api/user/sign-in-methods/NO%20PE", {
      token,
      params: { providerId: "NO PE" },
    });
    expect(malformed.status).toBe(400);
  });

  it("disconnects a provider while another way in remains, and never the last one", async () => {
    // A password and one provider: disconnecting leaves the password.
    const withPassword = await signedIn("keeps.password@corp.example");
    await connectThroughProvider("corp", "ada", withPassword.token);
    const disconnect = (token: string, providerId: string) =>
      call(methodRoute.DELETE, "DELETE", `/api/user/sign-in-methods/${providerId}`, { token, params: { providerId } });
    const res = await disconnect(withPassword.token, "corp");
    expect(res.status).toBe(200);
    expect(res.body.providers[0]).toEqual({ id: "corp", name: "Corp", isConnected: false });
    expect(await identitiesOf(withPassword.user.id)).toEqual([]);
    expect((await auditActionsOf(withPassword.user.id)).map((event) => event.action)).toEqual(["user.sso_connect", "user.sso_disconnect"]);
    expect((await disconnect(withPassword.token, "corp")).status).toBe(404);

    // No password: the last provider stays; with a second one connected, the first may go.
    const noPassword = await signedIn("sso.only@corp.example", { hasPassword: false });
    await connectThroughProvider("corp", "una", noPassword.token);
    const last = await disconnect(noPassword.token, "corp");
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/only way to sign in/);
    expect(await identitiesOf(noPassword.user.id)).toHaveLength(1);
    await connectThroughProvider("partner", "otto", noPassword.token);
    expect((await disconnect(noPassword.token, "corp")).status).toBe(200);
    expect(await identitiesOf(noPassword.user.id)).toEqual([{ provider: "partner", subject: TEST_ACCOUNTS.otto.sub }]);

    // With password sign-in off, a password is no way in.
    process.env.PASSWORD_LOGIN = "off";
    const off = await disconnect(withPassword.token, "partner");
    expect(off.status).toBe(404);
    await connectThroughProvider("partner", "rev", withPassword.token);
    const refused = await disconnect(withPassword.token, "partner");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This is the only way to sign in to your account. Connect another provider first.");
  });
});
