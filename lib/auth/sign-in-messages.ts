// What a refused sign-in is told, by the password form's API answer and, after single sign-on, by
// the login screen from the code in its `error` parameter. Shared by the server and the login page.

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password",
  pending: "Your account is awaiting administrator approval",
  revoked: "Your access has been revoked. Please contact an administrator.",
  /** PASSWORD_LOGIN=off: the answer of login, registration and both password reset calls. */
  passwordLoginOff: "Password sign-in is turned off on this portal. Use single sign-on on the sign-in screen.",
} as const;

/** The single sign-on refusals, by the code that /login?error=<code> carries. */
export const SSO_SIGN_IN_MESSAGES = {
  pending: SIGN_IN_MESSAGES.pending,
  revoked: SIGN_IN_MESSAGES.revoked,
  unverified:
    "An account with your e-mail address already exists, and your identity provider has not verified that the address is yours, so single sign-on cannot use that account.",
  linking:
    "An account with your e-mail address already exists. Sign in with your password, then connect this provider from Profile › Sign-in methods.",
  domain: "This provider signs in only addresses of the e-mail domains the portal allows for it.",
  email: "Your identity provider did not share a valid e-mail address.",
  failed: "Single sign-on failed. Please try again.",
} as const;

export type SsoSignInRefusal = Exclude<keyof typeof SSO_SIGN_IN_MESSAGES, "failed">;

/**
 * The message for /login?error=<code>: a portal refusal by its code; any other code (those of
 * next-auth, e.g. OAuthCallback when the provider's answer failed validation) means the sign-in
 * failed. Null without a code. The parameter is never shown as it is.
 */
export function ssoSignInErrorMessage(code: string | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(SSO_SIGN_IN_MESSAGES, code)
    ? SSO_SIGN_IN_MESSAGES[code as keyof typeof SSO_SIGN_IN_MESSAGES]
    : SSO_SIGN_IN_MESSAGES.failed;
}

/** What Profile › Sign-in methods says after connecting a provider, by the code /profile?connect=<code> carries. */
export const SSO_CONNECT_MESSAGES = {
  connected: "The provider is connected: you can sign in with it from now on.",
  taken: "That account at the provider is already connected to another portal account.",
  already: "Your account is already connected to another account at this provider. Disconnect it first.",
  domain: SSO_SIGN_IN_MESSAGES.domain,
  email: SSO_SIGN_IN_MESSAGES.email,
  failed: "Connecting the provider failed. Please try again.",
} as const;

export type SsoConnectOutcome = keyof typeof SSO_CONNECT_MESSAGES;

/** The message for /profile?connect=<code>; any unknown code means connecting failed. Null without a code. */
export function ssoConnectMessage(code: string | undefined | null): { text: string; isSuccess: boolean } | null {
  if (!code) return null;
  const outcome: SsoConnectOutcome = Object.hasOwn(SSO_CONNECT_MESSAGES, code) ? (code as SsoConnectOutcome) : "failed";
  return { text: SSO_CONNECT_MESSAGES[outcome], isSuccess: outcome === "connected" };
}
