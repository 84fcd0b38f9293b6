// Runs once when the server starts: a production server refuses to start without its secrets.
import { getAuthSecret } from "@/lib/auth/session-config";

export function register() {
  getAuthSecret();
}
