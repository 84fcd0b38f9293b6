import * as loginRoute from "@/app/api/auth/login/route";
import { LOGIN_THROTTLE } from "@/lib/server/auth/login-throttle";
import { SIGN_IN_MESSAGES } from "@/lib/server/auth/sign-in";
import { call } from "../helpers/api-client";
import { createUser, TEST_PASSWORD } from "../helpers/users";

const login = (email: string, password: string, address: string) =>
  call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password }, headers: { "x-forwarded-for": address } });

describe("login throttling", () => {
  it("blocks an account after repeated failures, even with the right password, and says when to retry", async () => {
    const user = await createUser();
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      const res = await login(user.email, "wrong password", `10.0.0.${i}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(SIGN_IN_MESSAGES.invalid);
    }
    const blocked = await login(user.email, TEST_PASSWORD, "10.0.1.1");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("treats unknown accounts the same way, so throttling reveals nothing", async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      expect((await login("nobody@example.com", "guess", `10.1.0.${i}`)).status).toBe(401);
    }
    expect((await login("nobody@example.com", "guess", "10.1.1.1")).status).toBe(429);
  });

  it("forgives an account's failures after a successful sign-in", async () => {
    const user = await createUser();
    const address = "10.2.0.1";
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount - 1; i++) await login(user.email, "wrong", address);
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount - 1; i++) await login(user.email, "wrong", address);
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(200);
  });

  it("blocks an address that fails across many accounts, but not other addresses", async () => {
    const address = "10.3.0.1";
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      expect((await login(`spray${i}@example.com`, "guess", address)).status).toBe(401);
    }
    const user = await createUser();
    expect((await login(user.email, TEST_PASSWORD, address)).status).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, "10.3.0.2")).status).toBe(200);
  });
});
