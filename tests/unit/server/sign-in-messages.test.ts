import {
  SIGN_IN_MESSAGES,
  SSO_CONNECT_MESSAGES,
  SSO_SIGN_IN_MESSAGES,
  ssoConnectMessage,
  ssoSignInErrorMessage,
} from "@/lib/auth/sign-in-messages";

describe("ssoSignInErrorMessage", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["pending", SIGN_IN_MESSAGES.pending],
    ["revoked", SIGN_IN_MESSAGES.revoked],
    ["unverified", SSO_SIGN_IN_MESSAGES.unverified],
    ["email", SSO_SIGN_IN_MESSAGES.email],
    ["linking", SSO_SIGN_IN_MESSAGES.linking],
    ["domain", SSO_SIGN_IN_MESSAGES.domain],
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

describe("ssoConnectMessage", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["connected", { text: SSO_CONNECT_MESSAGES.connected, isSuccess: true }],
    ["taken", { text: SSO_CONNECT_MESSAGES.taken, isSuccess: false }],
    ["already", { text: SSO_CONNECT_MESSAGES.already, isSuccess: false }],
    ["domain", { text: SSO_SIGN_IN_MESSAGES.domain, isSuccess: false }],
    ["toString", { text: SSO_CONNECT_MESSAGES.failed, isSuccess: false }],
    ["<b>x</b>", { text: SSO_CONNECT_MESSAGES.failed, isSuccess: false }],
  ])("%p -> %p", (code, message) => {
    expect(ssoConnectMessage(code)).toEqual(message);
  });

  it("tells a refused first sign-in to connect the provider from Profile › Sign-in methods", () => {
    expect(SSO_SIGN_IN_MESSAGES.linking).toContain("Sign in with your password, then connect this provider from Profile › Sign-in methods");
  });
});
