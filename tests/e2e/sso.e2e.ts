// Single sign-on in Chromium against real OpenID Connect providers (oidc-provider, with its own
// sign-in and consent pages), on private servers configured for them: the journey from the login
// screen through the provider back to the dashboard, pending on first sign-in, approval by domain,
// an existing account's e-mail refused (then connected from Profile › Sign-in methods) or, where the
// provider allows linking, linked; and the refusals (a revoked user, a tampered ID token, a wrong
// issuer) that start no session. A server with PASSWORD_LOGIN=off hides and refuses the password form.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { runPrisma } from "../../scripts/prisma-env.mjs";
import { db, disconnectDb } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import { closeStore } from "@/lib/server/store";
import { SIGN_IN_MESSAGES, SSO_SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-messages";
import { SESSION_COOKIE_NAME } from "@/lib/auth/session-config";
import { freePorts, startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import {
  callbackUrl,
  ssoEnvironment,
  startOidcProviders,
  TEST_ACCOUNTS,
  type RunningProviders,
  type TestLogin,
  type TestProviderSpec,
} from "../helpers/oidc-provider";
import { inBrowser, toastNamed, waitForPath } from "./support/browser";
import { signIn, storedSession } from "./support/ui";
import { recordAxeViolations } from "./support/axe";
import { E2E_DIST_DIR } from "./support/server-state";

jest.setTimeout(180_000);

const CORP: TestProviderSpec = { id: "corp", name: "Corp Identity" };
const PARTNER: TestProviderSpec = { id: "partner", name: "Partner Login" };
const ADVERSARIES: TestProviderSpec[] = [
  { id: "tampered", name: "Tampered", behaviour: "tampered-token" },
  { id: "lying", name: "Lying", behaviour: "lying-discovery" },
  { id: "foreign", name: "Foreign", isForeign: true },
];
const EVERY_PROVIDER = [CORP, PARTNER, ...ADVERSARIES];

let workDir: string;
let databaseUrl: string;
let providers: RunningProviders;
const ports: Record<"main" | "single" | "ssoOnly", number> = { main: 0, single: 0, ssoOnly: 0 };
/** Corp and the adversaries, password sign-in on. */
let main: RunningServer;
/** Corp (which may link to existing accounts) and Partner, PASSWORD_LOGIN=off. */
let ssoOnly: RunningServer;

const appUrl = (port: number) => `http://127.0.0.1:${port}`;

function startPortal(port: number, configured: TestProviderSpec[], env: Record<string, string> = {}): Promise<RunningServer> {
  return startNextServer({
    distDir: E2E_DIST_DIR,
    databaseUrl,
    workDir,
    port,
    env: { APP_URL: appUrl(port), DEMO_MODE: "0", ...ssoEnvironment(configured, providers), ...env },
  });
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-sso-"));
  databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  process.env.DATABASE_URL = databaseUrl;
  // Reserved together: no portal and no provider is handed another's port.
  const [mainPort, singlePort, ssoOnlyPort, ...providerPorts] = await freePorts(3 + EVERY_PROVIDER.length);
  Object.assign(ports, { main: mainPort, single: singlePort, ssoOnly: ssoOnlyPort });
  const redirectUris = Object.values(ports).flatMap((port) => EVERY_PROVIDER.map((provider) => callbackUrl(appUrl(port), provider.id)));
  providers = await startOidcProviders({ providers: EVERY_PROVIDER, redirectUris, ports: providerPorts });
  [main, ssoOnly] = await Promise.all([
    startPortal(ports.main, [CORP, ...ADVERSARIES]),
    startPortal(ports.ssoOnly, [CORP, PARTNER], { PASSWORD_LOGIN: "off", SSO_CORP_ALLOW_ACCOUNT_LINKING: "true" }),
  ]);
});

afterAll(async () => {
  for (const server of [main, ssoOnly]) if (server) process.kill(-server.pid, "SIGKILL");
  providers?.stop();
  await Promise.all([disconnectDb(), closeStore()]);
  rmSync(workDir, { recursive: true, force: true });
});

const ACCOUNT_PASSWORD = "a long enough password";

async function createAccount(login: TestLogin, state: { approved?: boolean; isActive?: boolean }) {
  return db.user.create({
    data: {
      email: TEST_ACCOUNTS[login].email,
      passwordHash: await hashPassword(ACCOUNT_PASSWORD),
      emailVerifiedAt: new Date(),
      approved: true,
      ...state,
    },
  });
}

/** Clicks "Sign in with <name>" on the portal's login page and signs in and consents on the provider's pages as `login`. */
async function signInWith(page: Page, portal: RunningServer, provider: TestProviderSpec, login: TestLogin): Promise<void> {
  await page.goto(`${portal.baseUrl}/login`);
  await page.getByRole("button", { name: `Sign in with ${provider.name}` }).click();
  await page.waitForURL((url) => url.origin === providers.issuerOf[provider.id]);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password at the provider");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.origin === portal.baseUrl);
}

async function expectRefusal(page: Page, message: string, portal: RunningServer = main): Promise<void> {
  await waitForPath(page, "/login");
  await toastNamed(page, "Login failed").getByText(message).waitFor();
  expect(await storedSession(page)).toEqual({ token: null, user: null });
  const cookies = await page.context().cookies(portal.baseUrl);
  expect(cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME)).toBeUndefined();
}

const sessionsOf = async (email: string) => db.session.count({ where: { user: { email } } });

it(
  "signs in end to end: the provider's sign-in and consent, the callback, and the dashboard with the portal's own session",
  inBrowser("sso-sign-in", async ({ page, snap }) => {
    await page.goto(`${main.baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await snap("login-with-providers");
    const violations: Record<string, string[]> = {};
    await recordAxeViolations(page, "login with providers", violations);

    expect(violations).toEqual({});
    await page.getByRole("button", { name: "Sign in with Corp Identity" }).click();
    await page.waitForURL((url) => url.origin === providers.issuerOf.corp);
    await snap("provider-sign-in");
    await page.locator('input[name="login"]').fill("ada");
    await page.locator('input[name="password"]').fill("any password at the provider");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).waitFor();
    await snap("provider-consent");
    await page.getByRole("button", { name: "Continue" }).click();

    await waitForPath(page, "/dashboard");
    await page.getByRole("heading", { name: "Transcript Analytics" }).waitFor();
    await page.getByText(TEST_ACCOUNTS.ada.email).first().waitFor();
    await snap("dashboard-after-sso");

    // The session is the one a password sign-in leaves: the token in storage is the cookie's, one Session row.
    const stored = await storedSession(page);
    const cookie = (await page.context().cookies(main.baseUrl)).find((candidate) => candidate.name === SESSION_COOKIE_NAME);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(stored.token).toBe(cookie?.value);
    expect(JSON.parse(String(stored.user))).toMatchObject({ email: TEST_ACCOUNTS.ada.email, name: TEST_ACCOUNTS.ada.name, isAdmin: false });
    expect(await sessionsOf(TEST_ACCOUNTS.ada.email)).toBe(1);
    const account = await db.user.findUniqueOrThrow({ where: { email: TEST_ACCOUNTS.ada.email } });
    expect(account).toMatchObject({ approved: true, passwordHash: null });

    // A reload keeps it; logout ends it on the server at once.
    await page.reload();
    await page.getByRole("heading", { name: "Transcript Analytics" }).waitFor();
    await page.getByTestId("user-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await waitForPath(page, "/login");
    expect(await sessionsOf(TEST_ACCOUNTS.ada.email)).toBe(0);
  }),
);

it(
  "creates a pending account on first sign-in, then signs it in once an administrator approved it",
  inBrowser("sso-pending", async ({ page, snap }) => {
    await signInWith(page, main, CORP, "pat");
    await expectRefusal(page, SIGN_IN_MESSAGES.pending);
    // The error code is gone from the address, so a reload does not repeat the message.
    expect(new URL(page.url()).search).toBe("");
    await snap("pending-refused");
    const account = await db.user.findUniqueOrThrow({ where: { email: TEST_ACCOUNTS.pat.email } });
    expect(account).toMatchObject({ approved: false, passwordHash: null });
    expect(await sessionsOf(TEST_ACCOUNTS.pat.email)).toBe(0);

    await db.user.update({ where: { id: account.id }, data: { approved: true } });
    // The provider remembers the person and the consent: straight back to the portal.
    await page.getByRole("button", { name: "Sign in with Corp Identity" }).click();
    await waitForPath(page, "/dashboard");
    expect(await sessionsOf(TEST_ACCOUNTS.pat.email)).toBe(1);
  }),
);

it(
  "refuses the e-mail of an existing account, administrator included, and connects the provider from Profile › Sign-in methods",
  inBrowser("sso-connect", async ({ page, snap }) => {
    const existing = await createAccount("otto", { approved: true });
    await db.user.update({ where: { id: existing.id }, data: { isAdmin: true } });
    await signInWith(page, main, CORP, "otto");
    await expectRefusal(page, SSO_SIGN_IN_MESSAGES.linking);
    await snap("linking-refused");
    expect(await db.ssoIdentity.count({ where: { userId: existing.id } })).toBe(0);

    // Signed in with the password, Profile › Sign-in methods connects Corp to this account.
    await signIn(page, main.baseUrl, TEST_ACCOUNTS.otto.email, ACCOUNT_PASSWORD);
    await page.goto(`${main.baseUrl}/profile`);
    const methods = page.getByTestId("sign-in-methods");
    await methods.getByText("Corp Identity").waitFor();
    await methods.getByText("Not connected").first().waitFor();
    await snap("sign-in-methods");
    await methods.getByRole("button", { name: "Connect Corp Identity" }).click();
    // The provider remembers the person and the consent: straight back to the profile.
    await waitForPath(page, "/profile");
    await toastNamed(page, "Provider connected").waitFor();
    await page.getByRole("button", { name: "Disconnect Corp Identity" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await snap("provider-connected");
    expect(await db.ssoIdentity.findMany({ where: { userId: existing.id }, select: { provider: true, subject: true } })).toEqual([
      { provider: "corp", subject: TEST_ACCOUNTS.otto.sub },
    ]);
    expect(await db.auditEvent.count({ where: { targetId: existing.id, action: "user.sso_connect" } })).toBe(1);
    expect(await sessionsOf(TEST_ACCOUNTS.otto.email)).toBe(1);

    // Signed out, the provider now signs in to this account.
    await page.getByTestId("user-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await waitForPath(page, "/login");
    await page.getByRole("button", { name: "Sign in with Corp Identity" }).click();
    await waitForPath(page, "/dashboard");
    expect(JSON.parse(String((await storedSession(page)).user))).toMatchObject({ id: existing.id, isAdmin: true });
  }),
);

it(
  "links the existing account with the same verified e-mail where the provider allows linking",
  inBrowser("sso-link", async ({ page }) => {
    const existing = await createAccount("lee", { approved: true });
    await signInWith(page, ssoOnly, CORP, "lee");
    await waitForPath(page, "/dashboard");
    expect(JSON.parse(String((await storedSession(page)).user))).toMatchObject({ id: existing.id });
    expect(await db.ssoIdentity.findMany({ where: { userId: existing.id }, select: { provider: true, subject: true } })).toEqual([
      { provider: "corp", subject: TEST_ACCOUNTS.lee.sub },
    ]);
  }),
);

it(
  "refuses a revoked user with today's message and no session",
  inBrowser("sso-revoked", async ({ page }) => {
    await createAccount("rev", { isActive: false });
    await signInWith(page, ssoOnly, CORP, "rev");
    await expectRefusal(page, SIGN_IN_MESSAGES.revoked, ssoOnly);
    expect(await sessionsOf(TEST_ACCOUNTS.rev.email)).toBe(0);
  }),
);

describe.each([
  ["an ID token altered on its way from the provider", ADVERSARIES[0]],
  ["a provider whose discovery names another issuer than its tokens", ADVERSARIES[1]],
  ["a provider that is not the configured issuer", ADVERSARIES[2]],
])("refuses %s", (_label, provider) => {
  it(
    "with the failure message, no account and no session",
    inBrowser(`sso-refused-${provider.id}`, async ({ page, snap }) => {
      const [users, sessions] = [await db.user.count(), await db.session.count()];
      await signInWith(page, main, provider, "otto");
      await expectRefusal(page, SSO_SIGN_IN_MESSAGES.failed);
      if (provider.id === "tampered") await snap("refused");
      expect([await db.user.count(), await db.session.count()]).toEqual([users, sessions]);
    }),
  );
});

it(
  "with PASSWORD_LOGIN=off shows only the providers, refuses the password calls, and still signs in by single sign-on",
  inBrowser("sso-password-off", async ({ page, snap }) => {
    await page.goto(`${ssoOnly.baseUrl}/login`);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.getByRole("button", { name: "Sign in with Partner Login" }).waitFor();
    await snap("login-sso-only");
    const violations: Record<string, string[]> = {};
    await recordAxeViolations(page, "login with single sign-on only", violations);
    expect(violations).toEqual({});
    for (const hidden of [
      page.getByLabel("Email"),
      page.getByLabel("Password", { exact: true }),
      page.getByRole("link", { name: "Forgot password?" }),
      page.getByRole("link", { name: "Create account" }),
    ]) {
      expect(await hidden.count()).toBe(0);
    }
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).count()).toBe(0);

    for (const [pathname, body] of [
      ["/api/auth/login", { email: "someone@corp.example", password: "a long enough password" }],
      ["/api/auth/register", { email: "someone@corp.example", password: "a long enough password" }],
      ["/api/auth/request-reset", { email: "someone@corp.example" }],
      ["/api/auth/reset-password", { token: "a-token", password: "a long enough password" }],
    ] as const) {
      const res = await fetch(`${ssoOnly.baseUrl}${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect({ pathname, status: res.status, body: await res.json() }).toEqual({
        pathname,
        status: 403,
        body: { message: SIGN_IN_MESSAGES.passwordLoginOff },
      });
    }

    await signInWith(page, ssoOnly, CORP, "ada");
    await waitForPath(page, "/dashboard");
  }),
);

it(
  "shows one provider above the password form",
  inBrowser("sso-one-provider", async ({ page, snap }) => {
    const single = await startPortal(ports.single, [CORP]);
    try {
      await page.goto(`${single.baseUrl}/login`);
      await page.getByRole("button", { name: "Sign in with Corp Identity" }).waitFor();
      await page.getByLabel("Email").waitFor();
      await page.getByRole("link", { name: "Forgot password?" }).waitFor();
      await page.getByRole("link", { name: "Create account" }).waitFor();
      await snap("login-one-provider");
    } finally {
      process.kill(-single.pid, "SIGKILL");
    }
  }),
);
