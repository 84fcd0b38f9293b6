// Runs once when the server starts. The checks load only in the Node.js runtime (they exit the process).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertStartupConfiguration } = await import("./lib/server/startup-checks");
    assertStartupConfiguration();
    // Before the store's connections open the embedded database and create its write-ahead log.
    const { makeDatabaseFilesPrivate } = await import("./lib/server/db");
    makeDatabaseFilesPrivate();
    const { warmStore } = await import("./lib/server/store");
    // A database not reachable yet is reported by the requests that need it.
    warmStore().catch(() => undefined);
  }
}
