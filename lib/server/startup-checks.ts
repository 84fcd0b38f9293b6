import "server-only";
import { getAuthSecret } from "@/lib/auth/session-config";
import { demoListenRefusal } from "@/lib/demo-mode.mjs";
import { trustedProxyHops } from "./auth/client-address";
import { assertSsoConfiguration } from "@/lib/auth/sso-config";

/**
 * A production server that would run insecurely refuses to start instead: without its session
 * secret, with an unreadable TRUSTED_PROXY_HOPS or single sign-on setting, or in demo mode where
 * other machines can reach it (scripts/start.mjs passes its listening address in PORTAL_LISTEN_HOST).
 */
export function assertStartupConfiguration(): void {
  try {
    getAuthSecret();
    trustedProxyHops();
    assertSsoConfiguration();
    const refusal = demoListenRefusal(process.env.PORTAL_LISTEN_HOST);
    if (refusal) throw new Error(refusal);
  } catch (error) {
    console.error(`Refusing to start: ${(error as Error).message}`);
    process.exit(1);
  }
}
