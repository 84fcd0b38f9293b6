import "server-only";
import { db } from "../db";
import { claimAttempt, forgetAttempts, minutesText, releaseAttempt, type ClaimedAttempt, type ThrottleLimit } from "./throttle";

/**
 * Sign-in throttling. Every attempt counts until it succeeds, under:
 * - the account and the address together: 5 per 15 minutes;
 * - the address, across accounts: 20 per 15 minutes;
 * - the account, from addresses it has not signed in from within 30 days: 20 per 15 minutes.
 * An address the account signed in from is limited only by the first two, so guesses from
 * elsewhere cannot lock the owner out of their own address. Per account, at most
 * maxUntrustedFailuresPerAccount + maxFailuresPerAccountAndAddress x (trusted addresses) guesses
 * are checked per window. Unknown accounts have no trusted addresses and are treated alike.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccountAndAddress: 5,
  maxFailuresPerAddress: 20,
  maxUntrustedFailuresPerAccount: 20,
  trustedForMs: 30 * 24 * 60 * 60 * 1000,
} as const;

// An address holds no ":account:" (IPv4, IPv6 or "unknown"), so the pair key reads one way only.
export const loginThrottleKeys = (email: string, address: string) => ({
  accountAndAddress: `login:address:${address}:account:${email}`,
  address: `login:address:${address}`,
  account: `login:account:${email}`,
});

const refusal = (minutes: number) => `Too many failed sign-in attempts. Please try again in ${minutesText(minutes)}.`;

/**
 * Counts a sign-in attempt before the password is checked; throws 429 when a limit is reached.
 * The attempt stays counted as a failure unless `forgiveLoginFailures` is called.
 */
export async function claimLoginAttempt(email: string, address: string, now = new Date()): Promise<ClaimedAttempt> {
  const keys = loginThrottleKeys(email, address);
  const limit = (key: string, max: number): ThrottleLimit => ({ key, limit: max, windowMs: LOGIN_THROTTLE.windowMs });
  const limits = [
    limit(keys.accountAndAddress, LOGIN_THROTTLE.maxFailuresPerAccountAndAddress),
    limit(keys.address, LOGIN_THROTTLE.maxFailuresPerAddress),
  ];
  if (!(await isTrustedAddress(email, address, now))) limits.push(limit(keys.account, LOGIN_THROTTLE.maxUntrustedFailuresPerAccount));
  return claimAttempt(limits, refusal, now);
}

/** The right password: the attempt no longer counts, nor do the account's earlier failures from this address. */
export async function forgiveLoginFailures(attempt: ClaimedAttempt, email: string, address: string): Promise<void> {
  await releaseAttempt(attempt);
  await forgetAttempts([loginThrottleKeys(email, address).accountAndAddress]);
}

/** Records a successful sign-in from the address, which makes it trusted for the account. */
export async function trustSignInAddress(userId: string, address: string, now = new Date()): Promise<void> {
  await db.trustedSignInAddress.upsert({
    where: { userId_address: { userId, address } },
    create: { userId, address, lastSignInAt: now },
    update: { lastSignInAt: now },
  });
}

/** One query by e-mail whether or not the account exists, so that its time tells nothing. */
async function isTrustedAddress(email: string, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.trustedForMs);
  const trusted = await db.trustedSignInAddress.findFirst({
    where: { address, lastSignInAt: { gte: since }, user: { email } },
    select: { userId: true },
  });
  return trusted !== null;
}
