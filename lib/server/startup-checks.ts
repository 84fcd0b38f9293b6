import "server-only";
import { getAuthSecret } from "@/lib/auth/session-config";

/** A production server without its session secret refuses to start rather than run insecurely. */
export function assertStartupConfiguration(): void {
  try {
    getAuthSecret();
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    process.exit(1);
  }
}
