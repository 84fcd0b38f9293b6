// Early page redirects only: signed-out visitors of portal pages go to /login, non-administrators
// away from /admin. It reads the session cookie without the database, so it never replaces the
// checks every API route makes.
import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { SESSION_COOKIE_NAME, getAuthSecret } from "@/lib/auth/session-config";

const PROTECTED_PREFIXES = ["/dashboard", "/analytics", "/profile", "/admin", "/transcript"];

const matchesPrefix = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export async function middleware(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  if (!PROTECTED_PREFIXES.some((prefix) => matchesPrefix(pathname, prefix))) return NextResponse.next();

  const claims = await getToken({ req, secret: getAuthSecret(), cookieName: SESSION_COOKIE_NAME }).catch(() => null);
  if (!claims?.sub) {
    const login = new URL("/login", req.url);
    login.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(login);
  }
  if (matchesPrefix(pathname, "/admin") && claims.adm !== true) {
    return NextResponse.redirect(new URL("/dashboard", req.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
};
