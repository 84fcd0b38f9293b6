import "server-only";

/**
 * The caller's address for throttling: the first X-Forwarded-For entry, which the hosting
 * proxy sets, else X-Real-IP. Per-account throttling still holds if a client forges it.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || "unknown";
}
