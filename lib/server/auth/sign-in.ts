import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { verifyAgainstDecoy, verifyPassword } from "./passwords";
import { claimLoginAttempt, forgiveLoginFailures, trustSignInAddress } from "./login-throttle";
import { issueSessionToken } from "./session";
import { SIGN_IN_MESSAGES } from "@/lib/auth/sign-in-messages";
import { isPasswordLoginEnabled } from "@/lib/auth/sso-config";
import type { LoginInput, LoginResponse } from "@/lib/schemas/auth";

export { SIGN_IN_MESSAGES };

/**
 * With PASSWORD_LOGIN=off, the password calls (sign-in, registration, reset request and reset)
 * are refused with 403 before they do anything: single sign-on is the only way in.
 */
export function assertPasswordLoginEnabled(): void {
  if (!isPasswordLoginEnabled()) throw new AppError("FORBIDDEN", SIGN_IN_MESSAGES.passwordLoginOff);
}

/**
 * Checks the credentials and issues a session token. Wrong password and unknown email fail
 * alike, and so does an account without a password (made by single sign-on), which is checked
 * against the decoy hash; approval and revocation are told only to someone who knows the password.
 * The attempt is counted before the password is checked, so parallel guesses cannot slip past the
 * limits. Throws 401 (credentials), 403 (pending or revoked) or 429 (throttled).
 */
export async function signIn(input: LoginInput & { address: string }): Promise<LoginResponse> {
  const attempt = await claimLoginAttempt(input.email, input.address);

  const user = await db.user.findUnique({ where: { email: input.email } });
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password);
  // A failed attempt stays counted.
  if (!user || !passwordMatches) throw new AppError("UNAUTHORIZED", SIGN_IN_MESSAGES.invalid);
  await forgiveLoginFailures(attempt, input.email, input.address);
  if (!user.approved) throw new AppError("FORBIDDEN", SIGN_IN_MESSAGES.pending);
  if (!user.isActive) throw new AppError("FORBIDDEN", SIGN_IN_MESSAGES.revoked);

  const token = await issueSessionToken(user);
  await trustSignInAddress(user.id, input.address);
  return { token, user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
}
