import "server-only";
import { db } from "../db";
import { AppError } from "../http/app-error";

export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
} as const;

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;

/** Refuses a sign-in with 429 once an account or an address has failed too often in the window. */
export async function assertLoginAllowed(email: string, address: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs);
  const [accountFailures, addressFailures] = await Promise.all([
    failuresSince(accountKey(email), since),
    failuresSince(addressKey(address), since),
  ]);
  const blocked =
    accountFailures.length >= LOGIN_THROTTLE.maxFailuresPerAccount
      ? accountFailures
      : addressFailures.length >= LOGIN_THROTTLE.maxFailuresPerAddress
        ? addressFailures
        : null;
  if (!blocked) return;
  const oldest = blocked[0].createdAt.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError(
    "TOO_MANY_REQUESTS",
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfterSeconds },
  );
}

/** Only the newest failures that can still block matter, so at most a limit's worth is read. */
function failuresSince(key: string, since: Date) {
  const limit = key.startsWith("account:") ? LOGIN_THROTTLE.maxFailuresPerAccount : LOGIN_THROTTLE.maxFailuresPerAddress;
  return db.throttleEvent
    .findMany({ where: { key, createdAt: { gte: since } }, orderBy: { createdAt: "desc" }, take: limit, select: { createdAt: true } })
    .then((rows) => rows.reverse());
}

export async function recordLoginFailure(email: string, address: string, now = new Date()): Promise<void> {
  await db.$transaction([
    db.throttleEvent.createMany({
      data: [
        { key: accountKey(email), createdAt: now },
        { key: addressKey(address), createdAt: now },
      ],
    }),
    // Expired rows are dropped on the way so the table stays small.
    db.throttleEvent.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - LOGIN_THROTTLE.windowMs) } } }),
  ]);
}

/** A successful sign-in forgives the account's earlier typos (not the address's). */
export async function clearAccountFailures(email: string): Promise<void> {
  await db.throttleEvent.deleteMany({ where: { key: accountKey(email) } });
}
