// Every page response gets a Content-Security-Policy with a nonce of its own, and signed-out
// visitors of portal pages go to /login, non-administrators away from /admin. The redirects read
// the session cookie without the database, so they never replace the checks every API route makes.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { SESSION_COOKIE_NAME, getAuthSecret } from "@/lib/auth/session-config";

const PROTECTED_PREFIXES = ["/dashboard", "/analytics", "/profile", "/admin", "/transcript"];

const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * A script in the page's HTML runs only with this response's nonce, and the scripts those load run
 * because they trust them ('strict-dynamic', under which 'self' alone admits nothing): an inline
 * script or <script src> that got into the HTML without the nonce never runs. Next.js reads the
 * nonce from the request's policy and puts it on its own scripts, so every page renders per request
 * (app/layout.tsx). React and Radix set inline styles, hence 'unsafe-inline' for styles only; the
 * development server evaluates code for its error overlay, hence 'unsafe-eval' there only. The
 * transcript page's full conversation view shows the images and plays the voice lines the bot sent,
 * wherever the platform keeps them, hence http(s) images and media.
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' data: http: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** 128 random bits, base64: a fresh nonce for each response. */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

async function redirectFor(req: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = req.nextUrl;
  if (!PROTECTED_PREFIXES.some((prefix) => matchesPrefix(pathname, prefix))) return null;

  const claims = await getToken({ req, secret: getAuthSecret(), cookieName: SESSION_COOKIE_NAME }).catch(() => null);
  if (!claims?.sub) {
    const login = new URL("/login", req.url);
    login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (matchesPrefix(pathname, "/admin") && claims.adm !== true) {
    return NextResponse.redirect(new URL("/dashboard", req.url));
  }
  return null;
}

export async function middleware(req: NextRequest) {
  const policy = contentSecurityPolicy(newNonce());
  const redirect = await redirectFor(req);
  if (redirect) {
    redirect.headers.set("Content-Security-Policy", policy);
    return redirect;
  }
  // The policy on the request is where Next.js finds the nonce for the page it renders.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Pages only: API routes and static files carry the headers of next.config.mjs.
export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
