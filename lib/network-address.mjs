// @ts-check
// Client addresses as the server script (scripts/start.mjs) hands them to the app. Plain JavaScript
// so that the Node server script and the TypeScript app share the one header name and form.

/**
 * The header that carries the address of the peer that opened the connection. The server script
 * removes any copy a client sends and sets it from the socket, so the app can rely on it.
 */
export const SOCKET_ADDRESS_HEADER = "x-portal-socket-address";

/**
 * One address in one form, whatever wrote it: IPv4-mapped IPv6 (::ffff:1.2.3.4) is the IPv4
 * address, IPv6 is lower-case without brackets, and a port (1.2.3.4:5678, [::1]:5678) is dropped.
 * @param {string} address
 */
export function normaliseAddress(address) {
  let value = address.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (ipv4WithPort) value = ipv4WithPort[1];
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  return mapped ? mapped[1] : value;
}

/**
 * Whether a listening address reaches only this machine: localhost, 127.0.0.0/8 or ::1.
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const value = normaliseAddress(host);
  return value === "localhost" || value === "::1" || value === "0:0:0:0:0:0:0:1" || /^127(?:\.\d{1,3}){3}$/.test(value);
}
