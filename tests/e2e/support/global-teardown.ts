// Stops the server the global setup started (its whole process group) and removes its database.
import { existsSync, rmSync } from "node:fs";
import { readServerState } from "./server-state";

export default async function globalTeardown() {
  const stateFile = process.env.E2E_STATE_FILE;
  if (!stateFile || !existsSync(stateFile)) return;
  const { pid, workDir } = readServerState();
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (process.env.E2E_KEEP_DATA !== "1") rmSync(workDir, { recursive: true, force: true });
}
