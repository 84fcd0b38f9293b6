import { SIGN_IN_MESSAGES, SSO_SIGN_IN_MESSAGES, ssoSignInErrorMessage } from "@/lib/auth/sign-in-messages";

describe("ssoSignInErrorMessage", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["pending", SIGN_IN_MESSAGES.pending],
    ["revoked", SIGN_IN_MESSAGES.revoked],
    ["unverified", SSO_SIGN_IN_MESSAGES.unverified],
    ["email", SSO_SIGN_IN_MESSAGES.email],
    ["failed", SSO_SIGN_IN_MESSAGES.failed],
    // next-auth's own codes, and anything else, mean the sign-in failed; the code is never shown.
    ["OAuthCallback", SSO_SIGN_IN_MESSAGES.failed],
    ["AccessDenied", SSO_SIGN_IN_MESSAGES.failed],
    ["<script>alert(1)</script>", SSO_SIGN_IN_MESSAGES.failed],
    ["toString", SSO_SIGN_IN_MESSAGES.failed],
    ["__proto__", SSO_SIGN_IN_MESSAGES.failed],
  ])("%p -> %p", (code, message) => {
    expect(ssoSignInErrorMessage(code)).toBe(message);
  });
});
