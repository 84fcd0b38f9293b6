// Runs once when the server starts. The checks load only in the Node.js runtime (they exit the process).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertStartupConfiguration } = await import("./lib/server/startup-checks");
    assertStartupConfiguration();
    // An embedded database's files become owner-only before any connection opens them.
    const { openStore } = await import("./lib/server/store");
    // A database not reachable yet is reported by the requests that need it.
    openStore().catch(() => undefined);
    // The sync scheduler, under `npm start` and `npm run demo` (scripts/start.mjs stops it on SIGTERM).
    const { schedulerEnabled } = await import("./lib/server/sources/sync-settings");
    if (schedulerEnabled()) (await import("./lib/server/sources/sync-scheduler")).startSyncScheduler();
  }
}
