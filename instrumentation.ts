// Runs once when the server starts. The checks load only in the Node.js runtime (they exit the process).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertStartupConfiguration } = await import("./lib/server/startup-checks");
    assertStartupConfiguration();
  }
}
