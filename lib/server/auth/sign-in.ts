import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { verifyAgainstDecoy, verifyPassword } from "./passwords";
import { claimLoginAttempt, forgiveLoginFailures, trustSignInAddress } from "./login-throttle";
import { issueSessionToken } from "./session";
import type { LoginInput, LoginResponse } from "@/lib/schemas/auth";

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password",
  pending: "Your account is awaiting administrator approval",
  revoked: "Your access has been revoked. Please contact an administrator.",
} as const;

/**
 * Checks the credentials and issues a session token. Wrong password and unknown email fail
 * alike; approval and revocation are told only to someone who knows the password. The attempt
 * is counted before the password is checked, so parallel guesses cannot slip past the limits.
 * Throws 401 (credentials), 403 (pending or revoked) or 429 (throttled).
 */
export async function signIn(input: LoginInput & { address: string }): Promise<LoginResponse> {
  const attempt = await claimLoginAttempt(input.email, input.address);

  const user = await db.user.findUnique({ where: { email: input.email } });
  const passwordMatches = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  // A failed attempt stays counted.
  if (!user || !passwordMatches) throw new AppError("UNAUTHORIZED", SIGN_IN_MESSAGES.invalid);
  await forgiveLoginFailures(attempt, input.email, input.address);
  if (!user.approved) throw new AppError("FORBIDDEN", SIGN_IN_MESSAGES.pending);
  if (!user.isActive) throw new AppError("FORBIDDEN", SIGN_IN_MESSAGES.revoked);

  const token = await issueSessionToken(user);
  await trustSignInAddress(user.id, input.address);
  return { token, user: { id: user.id, email: user.email, name: user.name, isAdmin: user.isAdmin } };
}
