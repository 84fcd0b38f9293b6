import "server-only";
import { normaliseAddress, SOCKET_ADDRESS_HEADER } from "@/lib/network-address.mjs";

type Environment = Record<string, string | undefined>;

/**
 * The number of proxies in front of the server that each append the address they saw to
 * X-Forwarded-For (TRUSTED_PROXY_HOPS, default 0). Throws on anything but a whole number >= 0,
 * so that a typo cannot silently trust a forged header (the startup checks call it).
 */
export function trustedProxyHops(env: Environment = process.env): number {
  const value = env.TRUSTED_PROXY_HOPS?.trim();
  if (!value) return 0;
  if (!/^\d+$/.test(value)) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number of proxies (0 or more), not "${value}"`);
  return Number(value);
}

/** The header a serverless host sets to the client's address, when CLIENT_ADDRESS_HEADER names one. */
function configuredHeader(env: Environment): string | undefined {
  return env.CLIENT_ADDRESS_HEADER?.trim().toLowerCase() || undefined;
}

const entries = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

let warnedUnconfigured = false;

/**
 * The caller's address for throttling. Only what the deployment vouches for counts, since a
 * client can send any X-Forwarded-For it likes:
 * - CLIENT_ADDRESS_HEADER: the header a serverless host sets to the client's address (the last
 *   entry, should the host append to a list);
 * - otherwise the chain [...X-Forwarded-For entries, socket address] read from the right, past
 *   TRUSTED_PROXY_HOPS proxies (the socket address itself with none); a chain shorter than that
 *   gives its leftmost entry.
 * Without the socket header (the app not started by scripts/start.mjs, e.g. on a serverless host
 * with neither setting) the nearest X-Forwarded-For entry stands in for the socket, then
 * X-Real-IP, and the operator is told once to configure the deployment.
 */
export function clientAddress(headers: Headers, env: Environment = process.env): string {
  const header = configuredHeader(env);
  const fromHost = header ? entries(headers.get(header)).at(-1) : undefined;
  if (fromHost) return normaliseAddress(fromHost);

  const forwarded = entries(headers.get("x-forwarded-for"));
  const socket = headers.get(SOCKET_ADDRESS_HEADER)?.trim();
  if (!socket) warnUnconfigured(header);
  const chain = socket ? [...forwarded, socket] : forwarded;
  const chosen = chain.length > 0 ? chain[Math.max(0, chain.length - 1 - trustedProxyHops(env))] : headers.get("x-real-ip")?.trim();
  return chosen ? normaliseAddress(chosen) : "unknown";
}

function warnUnconfigured(header: string | undefined): void {
  if (warnedUnconfigured) return;
  warnedUnconfigured = true;
  console.warn(
    header
      ? `The client address header ${header} (CLIENT_ADDRESS_HEADER) is missing from a request; throttling falls back to X-Forwarded-For, which clients can forge.`
      : "The client address is unknown: start the server with `npm start`, or on a serverless host set CLIENT_ADDRESS_HEADER to the header " +
          "it sets to the client's address. Until then throttling counts the nearest X-Forwarded-For entry, which clients may be able to forge.",
  );
}
