// Runs once when the server starts: a production server without its session secret refuses to start.
import { getAuthSecret } from "@/lib/auth/session-config";

export function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  try {
    getAuthSecret();
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    process.exit(1);
  }
}
