import "server-only";
import { BlockList, isIP } from "node:net";
import { lookup, type LookupAddress } from "node:dns";

// A source's base URL is chosen by an administrator, and the server fetches it: without this guard a
// source could probe the internal network. Every address a host resolves to is checked, and the
// check runs again in the connection's own lookup (http-client.ts), so that a name re-pointed after
// the first check (DNS rebinding) still cannot reach an internal address.

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 of IPv4 addresses
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** Loopback, private, link-local, unique-local, unspecified and other non-public addresses. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1], "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return BLOCKED.check(address, "ipv4");
}

/** SOURCES_ALLOW_PRIVATE_HOSTS=1 lets sources reach loopback and private addresses (tests, the demo, an on-premises platform). */
export function privateHostsAllowed(): boolean {
  return /^(1|true|yes|on)$/i.test(process.env.SOURCES_ALLOW_PRIVATE_HOSTS?.trim() ?? "");
}

export class BlockedAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or loopback address, which sources may not reach (see SOURCES_ALLOW_PRIVATE_HOSTS)`);
    this.name = "BlockedAddressError";
  }
}

/**
 * dns.lookup's shape, refusing a host any of whose addresses is non-public: what the HTTP client
 * connects through. All addresses are checked, not only the one used, so that no resolver order
 * lets a private one through.
 */
export function guardedLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (!privateHostsAllowed() && (addresses.length === 0 || addresses.some((entry) => isNonPublicAddress(entry.address)))) {
      return callback(Object.assign(new BlockedAddressError(hostname), { code: "EBLOCKED" }), []);
    }
    const wanted = options.family === 6 || options.family === "IPv6" ? 6 : options.family === 4 || options.family === "IPv4" ? 4 : 0;
    const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
    if (options.all) return callback(null, usable);
    const first = usable[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} has no usable address`), { code: "ENOTFOUND" }), []);
    callback(null, first.address, first.family);
  });
}

/** Checks a base URL before it is saved: http(s) only, and a host that resolves to public addresses. Resolves to an error message or null. */
export async function checkSourceUrl(value: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Base URL is not a valid address";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Base URL must start with http:// or https://";
  if (url.username || url.password) return "Base URL must not contain credentials";
  if (privateHostsAllowed()) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isNonPublicAddress(host) ? new BlockedAddressError(host).message : null;
  return new Promise((resolve) => {
    guardedLookup(host, { all: true }, (error) => {
      if (!error) resolve(null);
      else if (error instanceof BlockedAddressError) resolve(error.message);
      else resolve(`${host} could not be resolved`);
    });
  });
}
