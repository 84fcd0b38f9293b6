// `npm start`: the production server, as `next start` runs it, plus the one thing `next start`
// cannot give the app: the address of the peer that opened the connection. Any copy of the
// socket address header that a client sends is removed and the header is set from the socket, so
// the app's client address (lib/server/auth/client-address.ts) cannot be forged.
// PORT (default 3000) and HOST (default: every interface) say where it listens; NEXT_DIST_DIR which
// build it serves (next.config.mjs). The app starts its sync scheduler here (instrumentation.ts;
// SYNC_SCHEDULER=off leaves it to the cron endpoint). SIGTERM or SIGINT: stop the scheduler and
// accepting connections, finish the requests in flight, then exit. In demo mode it refuses to
// listen beyond loopback (lib/demo-mode.mjs).
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoListenRefusal } from "../lib/demo-mode.mjs";
import { SOCKET_ADDRESS_HEADER } from "../lib/network-address.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const host = process.env.HOST?.trim() || undefined;
const port = Number(process.env.PORT) || 3000;

const refusal = demoListenRefusal(host ?? "");
if (refusal) {
  console.error(`Refusing to start: ${refusal}`);
  process.exit(1);
}
// Files the server creates (an embedded database and its journals among them) are its own alone.
process.umask(0o077);
// The app's startup checks read where the server listens; "" is every interface.
process.env.PORTAL_LISTEN_HOST = host ?? "";
process.env.NODE_ENV = "production";

// Loaded after NODE_ENV is set, as `next start` does.
const { default: next } = await import("next");
const app = next({ dev: false, dir: ROOT, hostname: host ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  delete req.headers[SOCKET_ADDRESS_HEADER];
  const address = req.socket.remoteAddress;
  if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  handle(req, res).catch((error) => {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});

server.on("error", (error) => {
  console.error("Failed to start the server:", error);
  process.exit(1);
});
server.listen(port, host, () => {
  console.log(`▶ Ready on http://${host && host.includes(":") ? `[${host}]` : (host ?? "localhost")}:${port}`);
});

let stopping = false;
for (const [signal, exitCode] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // lib/server/sources/sync-scheduler.ts: no further tick; the one under way ends after its step.
    const scheduler = globalThis[Symbol.for("transcript-portal.sync-scheduler")];
    const schedulerStopped = scheduler ? scheduler.stop().catch(console.error) : Promise.resolve();
    // close() stops accepting and ends idle keep-alive connections; a connection that finishes
    // its request afterwards is idle then, and is ended on the next sweep.
    server.close(async (error) => {
      if (error) console.error(error);
      await schedulerStopped;
      await app.close().catch(console.error);
      process.exit(exitCode);
    });
    setInterval(() => server.closeIdleConnections(), 250).unref();
  });
}
