// Registration and password reset requests are limited per client address and per target e-mail
// through the real route handlers, on both databases; a refusal is the same for an e-mail that
// has an account and one that has none.
import * as registerRoute from "@/app/api/auth/register/route";
import * as requestResetRoute from "@/app/api/auth/request-reset/route";
import { REQUEST_THROTTLE } from "@/lib/server/auth/request-throttle";
import { SOCKET_ADDRESS_HEADER } from "@/lib/network-address.mjs";
import { call } from "../helpers/api-client";
import { createUser } from "../helpers/users";

const headers = (address: string) => ({ [SOCKET_ADDRESS_HEADER]: address });
const endpoints = {
  register: (email: string, address: string) =>
    call(registerRoute.POST, "POST", "/api/auth/register", {
      body: { email, password: "a long enough password" },
      headers: headers(address),
    }),
  reset: (email: string, address: string) =>
    call(requestResetRoute.POST, "POST", "/api/auth/request-reset", { body: { email }, headers: headers(address) }),
};
const TOO_MANY = /^Too many requests\. Please try again in \d+ minutes?\.$/;

describe.each(Object.entries(endpoints))("%s requests", (kind, send) => {
  it("are limited per target e-mail, alike for an existing account and a new address", async () => {
    const existing = (await createUser()).email;
    const answers = async (email: string, prefix: string) => {
      const seen = [];
      // Each from another address: only the e-mail's limit applies.
      for (let i = 0; i <= REQUEST_THROTTLE.maxPerEmail; i++) {
        const res = await send(email, `${prefix}.${i}`);
        seen.push({
          status: res.status,
          retryAfter: res.status === 429 ? Number(res.headers.get("retry-after")) > 0 : null,
          message: res.body.message,
        });
      }
      return seen;
    };
    const forExisting = await answers(existing, `10.20.${kind.length}`);
    const forNew = await answers(`new-${kind}@example.com`, `10.21.${kind.length}`);
    expect(forExisting.at(-1)).toEqual({ status: 429, retryAfter: true, message: expect.stringMatching(TOO_MANY) });
    expect(forExisting.slice(0, -1).every((answer) => answer.status < 400)).toBe(true);
    // Registering an e-mail that has an account answers like a new one, so the two sequences match.
    expect(forNew).toEqual(forExisting);
  });

  it("are limited per client address across e-mails, and other addresses go on", async () => {
    const address = `10.22.${kind.length}.1`;
    for (let i = 0; i < REQUEST_THROTTLE.maxPerAddress; i++)
      expect((await send(`many${i}-${kind}@example.com`, address)).status).toBeLessThan(400);
    const refused = await send(`one-more-${kind}@example.com`, address);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect((await send(`one-more-${kind}@example.com`, `10.22.${kind.length}.2`)).status).toBeLessThan(400);
  });
});
