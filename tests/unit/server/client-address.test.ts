import { clientAddress, trustedProxyHops } from "@/lib/server/auth/client-address";
import { isLoopbackHost, normaliseAddress, SOCKET_ADDRESS_HEADER } from "@/lib/network-address.mjs";

const SOCKET = SOCKET_ADDRESS_HEADER;

describe("clientAddress", () => {
  let warn: jest.SpyInstance;
  beforeAll(() => {
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterAll(() => warn.mockRestore());

  it.each<[string, Record<string, string>, Record<string, string>, string]>([
    // No proxy trusted: the socket, whatever X-Forwarded-For claims.
    ["the socket without proxies", { [SOCKET]: "198.51.100.7" }, {}, "198.51.100.7"],
    ["the socket over a forged X-Forwarded-For", { [SOCKET]: "198.51.100.7", "x-forwarded-for": "203.0.113.5" }, {}, "198.51.100.7"],
    ["the socket over a forged X-Real-IP", { [SOCKET]: "198.51.100.7", "x-real-ip": "203.0.113.5" }, {}, "198.51.100.7"],
    ["an IPv4-mapped socket address as IPv4", { [SOCKET]: "::ffff:127.0.0.1" }, {}, "127.0.0.1"],
    ["an IPv6 socket address in lower case", { [SOCKET]: "2001:DB8::1" }, {}, "2001:db8::1"],
    // One proxy: the entry it appended, not what the client sent before it.
    [
      "the proxy's entry with one hop",
      { [SOCKET]: "10.0.0.2", "x-forwarded-for": "203.0.113.5, 198.51.100.7" },
      { TRUSTED_PROXY_HOPS: "1" },
      "198.51.100.7",
    ],
    [
      "the entry two proxies back",
      { [SOCKET]: "10.0.0.2", "x-forwarded-for": "203.0.113.5, 198.51.100.7, 10.0.0.1" },
      { TRUSTED_PROXY_HOPS: "2" },
      "198.51.100.7",
    ],
    [
      "the leftmost entry of a chain shorter than the hops",
      { [SOCKET]: "10.0.0.2", "x-forwarded-for": "198.51.100.7" },
      { TRUSTED_PROXY_HOPS: "3" },
      "198.51.100.7",
    ],
    ["the socket with hops but no X-Forwarded-For", { [SOCKET]: "198.51.100.7" }, { TRUSTED_PROXY_HOPS: "1" }, "198.51.100.7"],
    [
      "entries with ports and spaces",
      { [SOCKET]: "10.0.0.2", "x-forwarded-for": " 198.51.100.7:4711 ,, " },
      { TRUSTED_PROXY_HOPS: "1" },
      "198.51.100.7",
    ],
    [
      "a bracketed IPv6 entry with a port",
      { [SOCKET]: "10.0.0.2", "x-forwarded-for": "[2001:db8::7]:443" },
      { TRUSTED_PROXY_HOPS: "1" },
      "2001:db8::7",
    ],
    // A serverless host's own header wins when configured.
    [
      "the configured header",
      { "x-vercel-forwarded-for": "198.51.100.7", "x-forwarded-for": "203.0.113.5" },
      { CLIENT_ADDRESS_HEADER: "X-Vercel-Forwarded-For" },
      "198.51.100.7",
    ],
    [
      "the configured header's last entry",
      { "x-real-ip": "203.0.113.5, 198.51.100.7" },
      { CLIENT_ADDRESS_HEADER: "x-real-ip" },
      "198.51.100.7",
    ],
    [
      "the socket when the configured header is missing",
      { [SOCKET]: "198.51.100.7" },
      { CLIENT_ADDRESS_HEADER: "x-real-ip" },
      "198.51.100.7",
    ],
    // Without the server script: the nearest X-Forwarded-For entry, then X-Real-IP.
    ["the nearest X-Forwarded-For entry without a socket", { "x-forwarded-for": "203.0.113.5, 198.51.100.7" }, {}, "198.51.100.7"],
    ["one hop further without a socket", { "x-forwarded-for": "203.0.113.5, 198.51.100.7" }, { TRUSTED_PROXY_HOPS: "1" }, "203.0.113.5"],
    ["X-Real-IP without a socket or X-Forwarded-For", { "x-real-ip": "198.51.100.7" }, {}, "198.51.100.7"],
    ["unknown without any of them", {}, {}, "unknown"],
  ])("takes %s", (_, headers, env, expected) => {
    expect(clientAddress(new Headers(headers), env)).toBe(expected);
  });

  it("tells the operator once that the deployment does not say where clients come from", () => {
    clientAddress(new Headers({}), {});
    clientAddress(new Headers({}), {});
    expect(warn.mock.calls.filter(([message]) => /CLIENT_ADDRESS_HEADER/.test(String(message)))).toHaveLength(1);
  });
});

describe("trustedProxyHops", () => {
  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    [" 2 ", 2],
  ])("reads %p as %p", (value, expected) => {
    expect(trustedProxyHops({ TRUSTED_PROXY_HOPS: value })).toBe(expected);
  });

  it.each(["-1", "1.5", "two", "1 proxy"])("refuses %p", (value) => {
    expect(() => trustedProxyHops({ TRUSTED_PROXY_HOPS: value })).toThrow("TRUSTED_PROXY_HOPS must be a whole number");
  });
});

describe("normaliseAddress", () => {
  it.each([
    ["::ffff:192.0.2.1", "192.0.2.1"],
    ["::FFFF:192.0.2.1", "192.0.2.1"],
    ["0:0:0:0:0:ffff:192.0.2.1", "192.0.2.1"],
    ["192.0.2.1:8080", "192.0.2.1"],
    ["[::1]:3000", "::1"],
    ["[2001:DB8::1]", "2001:db8::1"],
    [" 192.0.2.1 ", "192.0.2.1"],
    ["2001:db8::ffff:1", "2001:db8::ffff:1"],
  ])("reads %p as %p", (address, expected) => {
    expect(normaliseAddress(address)).toBe(expected);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["::ffff:127.0.0.1", true],
    ["0.0.0.0", false],
    ["::", false],
    ["", false],
    ["192.168.1.10", false],
    ["portal.example.com", false],
  ])("%p is loopback: %p", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
