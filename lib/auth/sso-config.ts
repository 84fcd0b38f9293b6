// Single sign-on settings from the environment (README, Configuration): the OpenID Connect providers
// the login screen offers, whether password sign-in is on, and the e-mail domains approved on first
// sign-in. Read on every use, so that a test can change them. Server only: the client secrets are
// here, and the login page hands its client component nothing but ids and display names.
import "server-only";

export interface SsoProviderConfig {
  /** Names the provider in SSO_PROVIDERS, its variables and its redirect URL. */
  id: string;
  /** Shown as "Sign in with <name>". */
  name: string;
  /** The issuer identifier: its discovery document is <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** SSO_<ID>_ALLOW_ACCOUNT_LINKING=true: a first sign-in may link to an existing account of the same verified e-mail. */
  allowAccountLinking: boolean;
  /** SSO_<ID>_DOMAINS: the e-mail domains this provider may sign in or connect; empty for any. */
  domains: string[];
}

/** What the login screen needs to offer a provider. */
export interface SsoProviderChoice {
  id: string;
  name: string;
}

/** The variables read: process.env, or a test's own. */
type Environment = Readonly<Record<string, string | undefined>>;

/** Lower-case letters, digits and dashes: safe in a URL path and, upper-cased, in a variable name. */
const PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;

function required(env: Environment, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} must be set for the single sign-on provider named in SSO_PROVIDERS`);
  return value;
}

/** The portal's public address without a trailing slash; single sign-on needs it for its redirect URLs. */
export function ssoAppUrl(env: Environment = process.env): string {
  const value = env.APP_URL?.trim().replace(/\/+$/, "");
  if (!value) throw new Error("APP_URL must be set for single sign-on: providers redirect to <APP_URL>/api/auth/callback/<id>");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`APP_URL=${value} is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`APP_URL=${value} is not an http(s) URL`);
  return value;
}

/**
 * The providers of SSO_PROVIDERS (comma-separated ids), each from SSO_<ID>_ISSUER, _CLIENT_ID,
 * _CLIENT_SECRET and _NAME (ID upper-cased, dashes as underscores). Throws an Error naming what is
 * missing or malformed, so that a server configured wrongly refuses to start (startup checks).
 */
export function ssoProviders(env: Environment = process.env): SsoProviderConfig[] {
  const ids = (env.SSO_PROVIDERS ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return [];
  ssoAppUrl(env);
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!PROVIDER_ID.test(id)) throw new Error(`SSO_PROVIDERS: "${id}" is not a provider id (lower-case letters, digits and dashes)`);
    if (seen.has(id)) throw new Error(`SSO_PROVIDERS names "${id}" twice`);
    seen.add(id);
    const prefix = `SSO_${id.toUpperCase().replace(/-/g, "_")}_`;
    const issuer = required(env, `${prefix}ISSUER`).replace(/\/+$/, "");
    try {
      new URL(issuer);
    } catch {
      throw new Error(`${prefix}ISSUER=${issuer} is not a URL`);
    }
    return {
      id,
      name: required(env, `${prefix}NAME`),
      issuer,
      clientId: required(env, `${prefix}CLIENT_ID`),
      clientSecret: required(env, `${prefix}CLIENT_SECRET`),
      allowAccountLinking: booleanSetting(env, `${prefix}ALLOW_ACCOUNT_LINKING`),
      domains: [...domainList(env[`${prefix}DOMAINS`])],
    };
  });
}

/** true or false (1/0, yes/no, on/off); unset is false. Anything else is refused rather than guessed. */
function booleanSetting(env: Environment, name: string): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (!value || ["false", "0", "no", "off"].includes(value)) return false;
  if (["true", "1", "yes", "on"].includes(value)) return true;
  throw new Error(`${name}=${env[name]} must be "true" or "false"`);
}

/** Comma-separated e-mail domains, lower-case, a leading @ dropped. */
function domainList(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  );
}

/** The domain of an e-mail address (valid, lower-case): what the domain lists are compared with, exactly, no subdomains. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1);
}

export function ssoProviderChoices(env: Environment = process.env): SsoProviderChoice[] {
  return ssoProviders(env).map(({ id, name }) => ({ id, name }));
}

/**
 * PASSWORD_LOGIN: "off" (or 0, false, no) leaves single sign-on as the only way in; unset or "on"
 * (1, true, yes) keeps the password form. Anything else is refused rather than guessed.
 */
export function isPasswordLoginEnabled(env: Environment = process.env): boolean {
  const value = env.PASSWORD_LOGIN?.trim().toLowerCase();
  if (!value || ["on", "1", "true", "yes"].includes(value)) return true;
  if (["off", "0", "false", "no"].includes(value)) return false;
  throw new Error(`PASSWORD_LOGIN=${env.PASSWORD_LOGIN} must be "on" or "off"`);
}

/** SSO_AUTO_APPROVE_DOMAINS: comma-separated e-mail domains whose verified addresses are approved on first sign-in. */
export function ssoAutoApproveDomains(env: Environment = process.env): Set<string> {
  return domainList(env.SSO_AUTO_APPROVE_DOMAINS);
}

/** Checks every single sign-on setting at once; throws the first problem found. */
export function assertSsoConfiguration(env: Environment = process.env): void {
  ssoProviders(env);
  isPasswordLoginEnabled(env);
  if (!isPasswordLoginEnabled(env) && ssoProviders(env).length === 0) {
    throw new Error("PASSWORD_LOGIN=off needs at least one provider in SSO_PROVIDERS, or nobody can sign in");
  }
}
