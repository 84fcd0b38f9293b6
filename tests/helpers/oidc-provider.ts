// Real OpenID Connect providers for the single sign-on tests, on free loopback ports in a child
// process (tests/helpers/oidc-provider-server.mjs), with one test client and the test accounts
// below; and the portal's environment that configures them.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePorts } from "../../scripts/lib/next-server";

export const TEST_CLIENT = { clientId: "transcript-portal", clientSecret: "portal-test-secret" } as const;

/** The domain of SSO_AUTO_APPROVE_DOMAINS in the tests. */
export const AUTO_APPROVE_DOMAIN = "auto.example";

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** The people of the test providers, by the login typed on the provider's sign-in page. */
export const TEST_ACCOUNTS = {
  ada: { sub: "sub-ada", email: `ada@${AUTO_APPROVE_DOMAIN}`, email_verified: true, name: "Ada Auto" },
  pat: { sub: "sub-pat", email: "pat@corp.example", email_verified: true, name: "Pat Pending" },
  lee: { sub: "sub-lee", email: "lee@corp.example", email_verified: true, name: "Lee Linked" },
  una: { sub: "sub-una", email: "una@corp.example", email_verified: false, name: "Una Unverified" },
  rev: { sub: "sub-rev", email: "rev@corp.example", email_verified: true, name: "Rev Revoked" },
  otto: { sub: "sub-otto", email: `otto@${AUTO_APPROVE_DOMAIN}`, email_verified: true, name: "Otto Other" },
} satisfies Record<string, TestAccount>;

export type TestLogin = keyof typeof TEST_ACCOUNTS;

export type ProviderBehaviour = "honest" | "tampered-token" | "lying-discovery";

export interface TestProviderSpec {
  /** The provider's id on the portal (SSO_PROVIDERS). */
  id: string;
  /** The button reads "Sign in with <name>". */
  name: string;
  behaviour?: ProviderBehaviour;
  /** Signs its tokens as another issuer than its address: not the provider the portal was configured with. */
  isForeign?: boolean;
}

export interface RunningProviders {
  /** The address each provider is served at, by id: what the portal is configured with as its issuer. */
  issuerOf: Record<string, string>;
  stop: () => void;
}

const SERVER_SCRIPT = path.join(__dirname, "oidc-provider-server.mjs");

/** Starts the providers; each accepts the redirect URIs given (the portal's callbacks). */
export async function startOidcProviders({
  providers,
  redirectUris,
  ports,
}: {
  providers: TestProviderSpec[];
  redirectUris: string[];
  /** One port per provider, reserved with the ports of the portals that use them (freePorts); else chosen here. */
  ports?: number[];
}): Promise<RunningProviders> {
  const providerPorts = ports ?? (await freePorts(providers.length));
  const specs = [];
  for (const [index, provider] of providers.entries()) {
    const port = providerPorts[index];
    const url = `http://127.0.0.1:${port}`;
    specs.push({
      name: provider.id,
      port,
      url,
      issuer: provider.isForeign ? `${url}/elsewhere` : url,
      behaviour: provider.behaviour ?? "honest",
      claimedIssuer: `${url}/claimed`,
      clientId: TEST_CLIENT.clientId,
      clientSecret: TEST_CLIENT.clientSecret,
      redirectUris,
      accounts: TEST_ACCOUNTS,
    });
  }
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: { ...process.env, OIDC_TEST_PROVIDERS: JSON.stringify(specs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await waitUntilReady(child);
  return {
    issuerOf: Object.fromEntries(specs.map((spec) => [spec.name, spec.url])),
    stop: () => {
      child.kill("SIGKILL");
    },
  };
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`The OpenID Connect providers did not start:\n${output}`)), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(error);
    };
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("ready\n")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => fail(new Error(`The OpenID Connect providers exited (${code}):\n${output}`)));
  });
}

/** The portal's redirect URI for a provider id: <APP_URL>/api/auth/callback/<id>. */
export const callbackUrl = (appUrl: string, providerId: string) => `${appUrl}/api/auth/callback/${providerId}`;

/** The variables that configure the portal for these providers (README, Single sign-on). */
export function ssoEnvironment(providers: TestProviderSpec[], running: RunningProviders): Record<string, string> {
  const env: Record<string, string> = {
    SSO_PROVIDERS: providers.map((provider) => provider.id).join(","),
    SSO_AUTO_APPROVE_DOMAINS: AUTO_APPROVE_DOMAIN,
  };
  for (const provider of providers) {
    const prefix = `SSO_${provider.id.toUpperCase().replace(/-/g, "_")}_`;
    env[`${prefix}ISSUER`] = running.issuerOf[provider.id];
    env[`${prefix}CLIENT_ID`] = TEST_CLIENT.clientId;
    env[`${prefix}CLIENT_SECRET`] = TEST_CLIENT.clientSecret;
    env[`${prefix}NAME`] = provider.name;
  }
  return env;
}
