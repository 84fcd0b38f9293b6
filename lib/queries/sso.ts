// Single sign-on calls of the login screen and its landing page: next-auth's CSRF token and the
// start of a sign-in (answered with the provider's page to go to), and the session handoff.
import { useMutation } from "@tanstack/react-query";
import { apiRequest, throwIfNotOk } from "@/lib/client/api-fetch";
import { errorMessage } from "@/lib/client/api-error";
import { SSO_AUTH_PATH, SSO_LANDING_PATH } from "@/lib/auth/sso-paths";
import { SSO_SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-messages";
import type { LoginResponse } from "@/lib/schemas/auth";
import type { SsoCsrfResponse, SsoSignInResponse } from "@/lib/schemas/sso";

export const SSO_URLS = {
  csrf: `${SSO_AUTH_PATH}/csrf`,
  signIn: (providerId: string) => `${SSO_AUTH_PATH}/signin/${encodeURIComponent(providerId)}`,
  session: `${SSO_AUTH_PATH}/sso/session`,
} as const;

/** The address of the provider's sign-in page for this browser, coming back to the landing page with `nextPath`. */
async function startSsoSignIn({ providerId, nextPath }: { providerId: string; nextPath: string }): Promise<string> {
  try {
    const { csrfToken } = await apiRequest<SsoCsrfResponse>("GET", SSO_URLS.csrf);
    const callbackUrl = `${SSO_LANDING_PATH}?next=${encodeURIComponent(nextPath)}`;
    const { url } = await apiRequest<SsoSignInResponse>("POST", SSO_URLS.signIn(providerId), { csrfToken, callbackUrl });
    return url;
  } catch (error) {
    throw new Error(errorMessage(error, SSO_SIGN_IN_MESSAGES.failed));
  }
}

export function useSsoSignInMutation() {
  return useMutation({ mutationFn: startSsoSignIn });
}

/**
 * The session that single sign-on left in the httpOnly cookie, as login answers it. Sent with the
 * cookie alone: a token left in storage from an earlier session must not stand in for it.
 */
export async function fetchSsoSession(): Promise<LoginResponse> {
  const res = await fetch(SSO_URLS.session, { credentials: "include", cache: "no-store" });
  await throwIfNotOk(res);
  return (await res.json()) as LoginResponse;
}
