// Runs once when the server starts. The checks load only in the Node.js runtime (they exit the process).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertStartupConfiguration } = await import("./lib/server/startup-checks");
    assertStartupConfiguration();
    const { warmStoreConnections } = await import("./lib/server/transcripts/store-connection");
    // A database not reachable yet is reported by the requests that need it.
    warmStoreConnections().catch(() => undefined);
  }
}
