import "server-only";
import { claimAttempt, minutesText } from "./throttle";

/**
 * Limits on registrations and password reset requests, per client address and per target
 * e-mail, counting every request. The per-e-mail limit counts the address whether or not an
 * account holds it, so a refusal tells nothing about the account.
 */
export const REQUEST_THROTTLE = {
  windowMs: 60 * 60 * 1000,
  maxPerAddress: 20,
  maxPerEmail: 5,
} as const;

export type ThrottledRequest = "register" | "reset";

const refusal = (minutes: number) => `Too many requests. Please try again in ${minutesText(minutes)}.`;

/** Counts a registration or reset request for `email` from `address`; throws 429 past a limit. */
export async function claimAccountRequest(kind: ThrottledRequest, email: string, address: string): Promise<void> {
  const { windowMs, maxPerAddress, maxPerEmail } = REQUEST_THROTTLE;
  await claimAttempt(
    [
      { key: `${kind}:address:${address}`, limit: maxPerAddress, windowMs },
      { key: `${kind}:email:${email}`, limit: maxPerEmail, windowMs },
    ],
    refusal,
  );
}
