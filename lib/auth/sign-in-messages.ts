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
