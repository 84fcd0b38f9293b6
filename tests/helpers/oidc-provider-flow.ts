// A browser's part of a single sign-on, without a browser: the portal's handlers are called
// in-process (as Next.js calls them) and the test provider's pages over HTTP, each side with its
// own cookies. The provider's sign-in and consent pages are its built-in ones.
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as signInMethodRoute from "@/app/api/user/sign-in-methods/[providerId]/route";
import { SESSION_COOKIE_NAME } from "@/lib/auth/session-config";
import { call, type CallResult } from "./api-client";
import type { TestLogin } from "./oidc-provider";

/** Cookies by name, as a browser keeps them for one site (paths aside). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(";");
      const name = pair.slice(0, pair.indexOf("=")).trim();
      const value = pair.slice(pair.indexOf("=") + 1).trim();
      const expired = attributes.some(
        (attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface SsoFlowResult {
  /** The portal's answer to the provider's redirect back (callback/<id>). */
  callback: CallResult;
  /** Where the browser ends up after it, past next-auth's error redirects. */
  location: string;
  /** The portal's cookies after it, the session cookie among them when a session started. */
  portalCookies: CookieJar;
}

const setCookiesOf = (headers: Headers) => headers.getSetCookie();

/** The catch-all's params as Next.js passes them (call() types params as plain strings). */
export const nextAuthPath = (...segments: string[]) => ({ nextauth: segments }) as unknown as Record<string, string>;

/**
 * Signs in as `login` at the provider `providerId`: starts the sign-in on the portal, signs in and
 * consents on the provider's pages, and hands the provider's redirect to the portal's callback.
 */
export async function signInThroughProvider(providerId: string, login: TestLogin): Promise<SsoFlowResult> {
  return throughProvider(providerId, login, new CookieJar());
}

/**
 * Profile › Sign-in methods, Connect, for the browser signed in with `sessionToken` (its cookie):
 * asks the portal to connect `providerId` (`start`, the answer of POST
 * /api/user/sign-in-methods/{id}), then runs the provider's sign-in as `login` with the same cookies.
 * Without a start (`skipStart`), the callback comes with the session cookie alone.
 */
export async function connectThroughProvider(
  providerId: string,
  login: TestLogin,
  sessionToken: string,
  { skipStart = false } = {},
): Promise<SsoFlowResult & { start: CallResult | null }> {
  const portalCookies = new CookieJar();
  portalCookies.take([`${SESSION_COOKIE_NAME}=${sessionToken}`]);
  let start: CallResult | null = null;
  if (!skipStart) {
    start = await call(signInMethodRoute.POST, "POST", `/api/user/sign-in-methods/${providerId}`, {
      params: { providerId },
      cookie: portalCookies.header(),
    });
    if (start.status !== 200) return { start, callback: start, location: "", portalCookies };
    portalCookies.take(setCookiesOf(start.headers));
  }
  return { start, ...(await throughProvider(providerId, login, portalCookies)) };
}

async function throughProvider(providerId: string, login: TestLogin, portalCookies: CookieJar): Promise<SsoFlowResult> {
  const csrf = await call(nextAuthRoute.GET, "GET", "/api/auth/csrf", { params: nextAuthPath("csrf") });
  if (csrf.status !== 200) throw new Error(`csrf answered ${csrf.status}: ${JSON.stringify(csrf.body)}`);
  portalCookies.take(setCookiesOf(csrf.headers));
  const start = await call(nextAuthRoute.POST, "POST", `/api/auth/signin/${providerId}`, {
    params: nextAuthPath("signin", providerId),
    cookie: portalCookies.header(),
    body: { csrfToken: csrf.body.csrfToken, callbackUrl: "/login/sso?next=%2Fdashboard" },
  });
  if (start.status !== 200) throw new Error(`signin answered ${start.status}: ${JSON.stringify(start.body)}`);
  portalCookies.take(setCookiesOf(start.headers));

  const redirectUri = await throughProviderPages(String(start.body.url), login);
  const back = new URL(redirectUri);
  const callback = await call(nextAuthRoute.GET, "GET", back.pathname, {
    params: nextAuthPath(...back.pathname.split("/").slice(3)),
    query: Object.fromEntries(back.searchParams),
    cookie: portalCookies.header(),
  });
  portalCookies.take(setCookiesOf(callback.headers));
  return { callback, location: await settledLocation(callback.headers.get("location") ?? ""), portalCookies };
}

/** Follows the portal's own redirects under /api/auth (next-auth's error pages) to the page they end at. */
async function settledLocation(location: string): Promise<string> {
  let current = location;
  for (let step = 0; step < 5; step++) {
    const url = new URL(current, "http://localhost:3000");
    if (!url.pathname.startsWith("/api/auth/")) return current;
    const res = await call(nextAuthRoute.GET, "GET", url.pathname, {
      params: nextAuthPath(...url.pathname.split("/").slice(3)),
      query: Object.fromEntries(url.searchParams),
    });
    current = res.headers.get("location") ?? "";
  }
  throw new Error(`The portal kept redirecting: ${current}`);
}

/** Follows the provider's redirects, filling in its sign-in and consent forms, until it sends the browser away. */
async function throughProviderPages(authorizationUrl: string, login: TestLogin): Promise<string> {
  const cookies = new CookieJar();
  const origin = new URL(authorizationUrl).origin;
  let request: { url: string; form?: Record<string, string> } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const res = await fetch(request.url, {
      method: request.form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: cookies.header(), ...(request.form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: request.form ? new URLSearchParams(request.form) : undefined,
    });
    cookies.take(setCookiesOf(res.headers));
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, request.url);
      if (next.origin !== origin) return next.toString();
      request = { url: next.toString() };
      continue;
    }
    const page = await res.text();
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`The provider answered ${res.status} without a form:\n${page.slice(0, 500)}`);
    const form: Record<string, string> = page.includes('value="login"')
      ? { prompt: "login", login, password: "any password" }
      : { prompt: "consent" };
    request = { url: new URL(action, request.url).toString(), form };
  }
  throw new Error("The provider did not send the browser back");
}
