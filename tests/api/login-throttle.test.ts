// Sign-in throttling through the real login route, on both databases. Each call stands for a
// request from `address`, as the server script reports the socket's address to the app.
import * as loginRoute from "@/app/api/auth/login/route";
import { LOGIN_THROTTLE, loginThrottleKeys } from "@/lib/server/auth/login-throttle";
import { SIGN_IN_MESSAGES } from "@/lib/server/auth/sign-in";
import { SOCKET_ADDRESS_HEADER } from "@/lib/network-address.mjs";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { createUser, TEST_PASSWORD } from "../helpers/users";

const login = (email: string, password: string, address: string) =>
  call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password }, headers: { [SOCKET_ADDRESS_HEADER]: address } });

const {
  maxFailuresPerAccountAndAddress: PER_PAIR,
  maxFailuresPerAddress: PER_ADDRESS,
  maxUntrustedFailuresPerAccount: PER_ACCOUNT_UNTRUSTED,
} = LOGIN_THROTTLE;
const TOO_MANY = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

/** Distinct addresses for one test, so that no per-address limit is reached by accident. */
const addresses = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}.${Math.floor(i / 200)}.${i % 200}`);

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe("login throttling", () => {
  it("blocks an account from an address after repeated failures there, even with the right password, and says when to retry", async () => {
    const user = await createUser();
    for (let i = 0; i < PER_PAIR; i++) {
      const res = await login(user.email, "wrong password", "10.0.0.1");
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SIGN_IN_MESSAGES.invalid);
    }
    const blocked = await login(user.email, TEST_PASSWORD, "10.0.0.1");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets the owner in from an address they signed in from, however many guesses come from elsewhere", async () => {
    const user = await createUser();
    expect((await login(user.email, TEST_PASSWORD, "10.1.0.1")).status).toBe(200);
    // Two guesses from each of many addresses: no pair or address limit, only the account's.
    const guesses = addresses("10.2", PER_ACCOUNT_UNTRUSTED + 10).flatMap((address) => [address, address]);
    const statuses = [];
    for (const address of guesses) statuses.push((await login(user.email, "guess", address)).status);
    expect(statusCounts(statuses)).toEqual({ 401: PER_ACCOUNT_UNTRUSTED, 429: guesses.length - PER_ACCOUNT_UNTRUSTED });

    expect((await login(user.email, TEST_PASSWORD, "10.1.0.1")).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD, "10.1.0.2")).status).toBe(429);
  });

  it("limits an address the account trusts by its own failures", async () => {
    const user = await createUser();
    expect((await login(user.email, TEST_PASSWORD, "10.3.0.1")).status).toBe(200);
    for (let i = 0; i < PER_PAIR; i++) expect((await login(user.email, "wrong", "10.3.0.1")).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, "10.3.0.1")).status).toBe(429);
  });

  it("stops trusting an address the account has not signed in from for 30 days", async () => {
    const user = await createUser();
    expect((await login(user.email, TEST_PASSWORD, "10.4.0.1")).status).toBe(200);
    await db.trustedSignInAddress.updateMany({
      where: { userId: user.id },
      data: { lastSignInAt: new Date(Date.now() - LOGIN_THROTTLE.trustedForMs - 60_000) },
    });
    for (const address of addresses("10.5", PER_ACCOUNT_UNTRUSTED)) expect((await login(user.email, "guess", address)).status).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, "10.4.0.1")).status).toBe(429);
  });

  it("treats unknown accounts exactly like existing ones, so throttling reveals nothing", async () => {
    const user = await createUser();
    const answers = async (email: string, prefix: string) => {
      const seen = [];
      const script = [...Array(PER_PAIR + 1).fill(`${prefix}.9.9`), ...addresses(prefix, PER_ACCOUNT_UNTRUSTED)];
      for (const address of script) {
        const res = await login(email, "guess", address);
        seen.push(`${res.status} ${String(res.body.message).replace(/\d+ minutes?/, "N minutes")}`);
      }
      return seen;
    };
    const existing = await answers(user.email, "10.6");
    expect(await answers("nobody@example.com", "10.7")).toEqual(existing);
    expect(existing).toContain(`401 ${SIGN_IN_MESSAGES.invalid}`);
    expect(existing.at(-1)).toMatch(/^429 Too many failed sign-in attempts/);
  });

  it("forgives an account's failures from an address after a successful sign-in there", async () => {
    const user = await createUser();
    const address = "10.8.0.1";
    for (let i = 0; i < PER_PAIR - 1; i++) await login(user.email, "wrong", address);
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < PER_PAIR - 1; i++) await login(user.email, "wrong", address);
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(200);
  });

  it("blocks an address that fails across many accounts, but not other addresses", async () => {
    const address = "10.9.0.1";
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`spray${i}@example.com`, "guess", address)).status).toBe(401);
    }
    const user = await createUser();
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, "10.9.0.2")).status).toBe(200);
  });

  it("lets refused attempts leave no trace, so retrying does not lengthen a block", async () => {
    const user = await createUser();
    for (let i = 0; i < PER_PAIR + 10; i++) await login(user.email, "wrong", "10.10.0.1");
    const key = loginThrottleKeys(user.email, "10.10.0.1").accountAndAddress;
    expect(await db.throttleEvent.count({ where: { key } })).toBe(PER_PAIR);
  });

  it("counts each attempt before checking its password, so parallel guesses get no more than the limit", async () => {
    const user = await createUser();
    const burst = await Promise.all(Array.from({ length: 60 }, () => login(user.email, "wrong", "10.11.0.1")));
    const counts = statusCounts(burst.map((res) => res.status));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(PER_PAIR);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(60);
    // One at a time afterwards, the failures reach the limit exactly, and then the right password is refused too.
    const after = [];
    for (let i = 0; i < PER_PAIR; i++) after.push((await login(user.email, "wrong", "10.11.0.1")).status);
    expect((counts[401] ?? 0) + after.filter((status) => status === 401).length).toBe(PER_PAIR);
    expect((await login(user.email, TEST_PASSWORD, "10.11.0.1")).status).toBe(429);
  });

  it("holds the per-address limit against parallel guesses across accounts", async () => {
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`parallel${i}@example.com`, "guess", "10.12.0.1")));
    const counts = statusCounts(burst.map((res) => res.status));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(PER_ADDRESS);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(60);
  });
});
