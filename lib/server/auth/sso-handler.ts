import "server-only";
import NextAuth, { type AuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "../http/app-error";
import { issueSessionToken } from "./session";
import { setSessionCookie } from "./session-cookie";
import { admitSsoSignIn, connectSsoIdentity, type SsoSignInClaims } from "./sso-accounts";
import { clearedSsoConnectIntent, hasSsoConnectIntent, ssoConnectIntentUser } from "./sign-in-methods";
import type { SessionUser } from "./session";
import { getAuthSecret, sessionLifetimes } from "@/lib/auth/session-config";
import { ssoAppUrl, ssoProviders, type SsoProviderConfig } from "@/lib/auth/sso-config";
import { SSO_AUTH_PATH, SSO_LANDING_PATH } from "@/lib/auth/sso-paths";
import type { SsoConnectOutcome, SsoSignInRefusal } from "@/lib/auth/sign-in-messages";

/**
 * The endpoints of next-auth the sign-in needs: the CSRF token, starting a sign-in (POST
 * signin/<id>) and the provider's redirect back (callback/<id>). next-auth sends failures through
 * its error and sign-in pages (GET error, signin), which go straight to the login screen here. The
 * rest (session, signout, providers) answers 404: the portal's session is read through its own
 * API and ended by POST /api/auth/logout.
 */
const ACTIONS: Record<string, ReadonlySet<string>> = {
  GET: new Set(["csrf", "callback", "error", "signin"]),
  POST: new Set(["signin"]),
};
const FAILURE_PAGES = new Set(["error", "signin"]);

/** The next-auth path after /api/auth, e.g. ["callback", "corp"], and for POST signin its body. */
export interface SsoRequest {
  req: NextRequest;
  segments: string[];
  body?: { csrfToken: string; callbackUrl?: string };
}

/**
 * Runs one request through next-auth's OpenID Connect sign-in. next-auth checks state, PKCE and
 * nonce, and openid-client the ID token's signature, issuer, audience and expiry; the configured
 * issuer must be the token's too. The approval rules then decide (admitSsoSignIn), and an admitted
 * user gets exactly the session of a password sign-in: next-auth's session token is replaced by the
 * portal's (a Session row), set as the portal's cookie. Refusals go to /login?error=<code>. A
 * callback that completes a connect (Profile › Sign-in methods, sign-in-methods.ts) links the
 * identity to the session's user instead, starts no session and goes to /profile?connect=<outcome>.
 */
export async function handleSsoRequest({ req, segments, body }: SsoRequest): Promise<Response> {
  const [action = "", providerId, ...rest] = segments;
  const providers = ssoProviders();
  if (providers.length === 0) throw new AppError("NOT_FOUND", "Single sign-on is not configured");
  if (rest.length > 0 || !ACTIONS[req.method]?.has(action)) throw new AppError("NOT_FOUND", "Not found");
  const needsProvider = action === "callback" || (action === "signin" && req.method === "POST");
  if (needsProvider && !providers.some((provider) => provider.id === providerId))
    throw new AppError("NOT_FOUND", "Unknown sign-in provider");

  const appUrl = ssoAppUrl();
  if (req.method === "GET" && FAILURE_PAGES.has(action)) return toLoginWithError(appUrl, req.nextUrl.searchParams.get("error"));
  // next-auth builds its redirect URLs from NEXTAUTH_URL only; the portal's address is APP_URL.
  process.env.NEXTAUTH_URL = `${appUrl}${SSO_AUTH_PATH}`;
  const attempt: SignInAttempt = {};
  if (action === "callback" && providerId) attempt.connectingUser = (await ssoConnectIntentUser(req, providerId)) ?? undefined;
  const captured = new CapturedResponse();
  await NextAuth(
    {
      method: req.method,
      // A sign-in's query would become parameters of the authorization request: only the provider's answer has one.
      query: { ...(req.method === "GET" ? Object.fromEntries(req.nextUrl.searchParams) : {}), nextauth: segments },
      body: body ? { ...body, json: "true" } : undefined,
      cookies: Object.fromEntries(req.cookies.getAll().map((cookie) => [cookie.name, cookie.value])),
      headers: Object.fromEntries(req.headers),
    } as never,
    captured as never,
    authOptions(providers, appUrl, attempt),
  );
  if (action === "callback" && hasSsoConnectIntent(req)) captured.appendCookie(clearedSsoConnectIntent(req));
  return captured.toResponse(req, attempt.token);
}

/** /login?error=<code>: next-auth's codes (OAuthCallback, AccessDenied...) are words; anything else is "failed". */
function toLoginWithError(appUrl: string, code: string | null): Response {
  const shown = code && /^[A-Za-z]{1,40}$/.test(code) ? code : "failed";
  return new Response(null, { status: 302, headers: { Location: `${appUrl}/login?error=${shown}`, "Cache-Control": "no-store" } });
}

interface SignInAttempt {
  /** The signed-in user this callback connects the identity to (a connect from Profile), if any. */
  connectingUser?: SessionUser;
  /** Set by the signIn callback when the approval rules admit the person. */
  user?: { id: string; isAdmin: boolean };
  /** The portal session token issued for that user. */
  token?: string;
}

function authOptions(providers: SsoProviderConfig[], appUrl: string, attempt: SignInAttempt): AuthOptions {
  const loginWithError = (code: SsoSignInRefusal | "failed") => `${appUrl}/login?error=${code}`;
  const toProfile = (outcome: SsoConnectOutcome) => `${appUrl}/profile?connect=${outcome}`;
  return {
    secret: getAuthSecret(),
    providers: providers.map(openIdProvider),
    session: { strategy: "jwt", maxAge: sessionLifetimes().maxAgeSeconds },
    jwt: {
      // Called once, for the session of a sign-in the callback below admitted.
      encode: async () => {
        if (!attempt.user) throw new Error("No admitted user to start a session for");
        attempt.token = await issueSessionToken(attempt.user);
        return attempt.token;
      },
    },
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      signIn: async ({ account, profile }) => {
        const provider = providers.find((candidate) => candidate.id === account?.provider);
        const claims = profile as Record<string, unknown> | undefined;
        const failed = () => (attempt.connectingUser ? toProfile("failed") : loginWithError("failed"));
        if (!provider || !account || !claims) return failed();
        if (typeof claims.iss !== "string" || claims.iss.replace(/\/+$/, "") !== provider.issuer) {
          console.warn(`[sso] ${provider.id}: the ID token's issuer ${String(claims.iss)} is not the configured ${provider.issuer}`);
          return failed();
        }
        const person: SsoSignInClaims = {
          provider: provider.id,
          subject: account.providerAccountId,
          email: claims.email,
          emailVerified: claims.email_verified === true,
          name: claims.name,
        };
        try {
          if (attempt.connectingUser) return toProfile(await connectSsoIdentity(attempt.connectingUser, person, provider));
          const admission = await admitSsoSignIn(person, appUrl, provider);
          if ("refused" in admission) return loginWithError(admission.refused);
          attempt.user = admission.user;
          return true;
        } catch (error) {
          console.error(`[sso] ${provider.id}: sign-in failed`, error);
          return failed();
        }
      },
      // Only the landing page, on this site, with its `next` parameter.
      redirect: async ({ url, baseUrl }) => {
        const landing = `${baseUrl}${SSO_LANDING_PATH}`;
        try {
          const target = new URL(url, baseUrl);
          return target.origin === baseUrl && target.pathname === SSO_LANDING_PATH ? target.toString() : landing;
        } catch {
          return landing;
        }
      },
    },
  };
}

function openIdProvider(config: SsoProviderConfig): OAuthConfig<Record<string, unknown>> {
  return {
    id: config.id,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer}/.well-known/openid-configuration`,
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    profile: (claims) => ({ id: String(claims.sub), name: typeof claims.name === "string" ? claims.name : null, email: null, image: null }),
  };
}

/** The response object of next-auth's API-route handler, collected into a fetch Response. */
class CapturedResponse {
  private statusCode = 200;
  private readonly headers = new Headers({ "Cache-Control": "no-store" });
  private cookies: string[] = [];
  private body: string | null = null;

  status(code: number) {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string | string[]) {
    if (name.toLowerCase() === "set-cookie") this.cookies = Array.isArray(value) ? value : [value];
    else this.headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    return this;
  }

  getHeader(name: string) {
    return name.toLowerCase() === "set-cookie" ? this.cookies : (this.headers.get(name) ?? undefined);
  }

  end() {
    return this;
  }

  appendCookie(cookie: string) {
    this.cookies.push(cookie);
  }

  json(body: unknown) {
    this.headers.set("Content-Type", "application/json");
    this.body = JSON.stringify(body);
    return this;
  }

  send(body: unknown) {
    if (body !== null && typeof body === "object") return this.json(body);
    this.body = body === undefined ? null : String(body);
    return this;
  }

  /**
   * next-auth's own session cookie never leaves: the portal's cookie carries the portal's token,
   * set exactly as the password sign-in sets it.
   */
  toResponse(req: NextRequest, sessionToken: string | undefined): Response {
    const cookies = this.cookies.filter((cookie) => !/^(__Secure-)?next-auth\.session-token/.test(cookie));
    if (sessionToken) {
      const carrier = new NextResponse(null);
      setSessionCookie(carrier, req, sessionToken);
      cookies.push(...carrier.headers.getSetCookie());
    }
    // Next.js's cookie list would rewrite next-auth's expired cookies without their Max-Age=0: they go as written.
    for (const cookie of cookies) this.headers.append("Set-Cookie", cookie);
    return new Response(this.body, { status: this.statusCode, headers: this.headers });
  }
}
