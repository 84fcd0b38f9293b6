// The paths of single sign-on, shared by the server (next-auth's options) and the login screens.

/** next-auth's endpoints: a provider redirects back to <APP_URL>/api/auth/callback/<id>. */
export const SSO_AUTH_PATH = "/api/auth";

/** Where a completed single sign-on lands: the page that keeps the session as a password sign-in does. */
export const SSO_LANDING_PATH = "/login/sso";
