// Where to go after sign-in: the `next` query parameter when it is a path on this site, else /dashboard.
export const DEFAULT_SIGNED_IN_PATH = "/dashboard";
export const LOGIN_PATH = "/login";

export function safeNextPath(next: string | string[] | null | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return DEFAULT_SIGNED_IN_PATH;
  // Control characters could smuggle a different host past the checks above.
  if (/[\u0000-\u001f]/.test(value)) return DEFAULT_SIGNED_IN_PATH;
  try {
    const url = new URL(value, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return DEFAULT_SIGNED_IN_PATH;
    if (url.pathname === "/login" || url.pathname === "/register") return DEFAULT_SIGNED_IN_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
}
