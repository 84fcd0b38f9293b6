import "server-only";
import { BlockList, isIP } from "node:net";
import { lookup, type LookupAddress } from "node:dns";
import { isFlagOn } from "@/lib/demo-mode.mjs";

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
  ["64:ff9b:1::", 48], // local-use NAT64, translated by the network's own gateway
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated, still routed inside sites)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, "ipv6");
}

/** The sixteen bytes of an address isIP() calls IPv6: groups around "::", a dotted IPv4 tail, a zone dropped. */
function ipv6Bytes(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split("%")[0].split("::");
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const groups = [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
const ZEROS = (count: number) => Array<number>(count).fill(0);

/**
 * The IPv4 address an IPv6 address stands for, where the IPv6 packet reaches that IPv4 host:
 * IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
 * NAT64's well-known prefix (64:ff9b::/96) and 6to4 (2002:aabb:ccdd::/48). Null for any other.
 */
function embeddedIpv4(bytes: number[]): string | null {
  const dotted = (at: number) => bytes.slice(at, at + 4).join(".");
  if (startsWith(bytes, ZEROS(12))) return dotted(12);
  if (startsWith(bytes, [...ZEROS(10), 0xff, 0xff])) return dotted(12);
  if (startsWith(bytes, [...ZEROS(8), 0xff, 0xff, 0, 0])) return dotted(12);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...ZEROS(8)])) return dotted(12);
  if (startsWith(bytes, [0x20, 0x02])) return dotted(2);
  return null;
}

/** Loopback, private, link-local, unique-local, unspecified and other non-public addresses, IPv4 inside IPv6 included. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, "ipv4");
  const bytes = ipv6Bytes(address);
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4 !== null) return BLOCKED.check(ipv4, "ipv4");
  return BLOCKED.check(address.split("%")[0], "ipv6");
}

/** SOURCES_ALLOW_PRIVATE_HOSTS=1 lets sources reach loopback and private addresses (tests, the demo, an on-premises platform). */
export function privateHostsAllowed(): boolean {
  return isFlagOn(process.env.SOURCES_ALLOW_PRIVATE_HOSTS);
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
