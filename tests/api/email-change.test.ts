// A stolen session must not become a takeover: changing the e-mail needs the current password,
// and with SMTP the new address takes effect only through the link mailed to it, while the old
// address is told.
import * as profileRoute from "@/app/api/user/profile/route";
import * as confirmRoute from "@/app/api/auth/confirm-email/route";
import * as loginRoute from "@/app/api/auth/login/route";
import { db } from "@/lib/server/db";
import { PROFILE_MESSAGES } from "@/lib/server/users/profile";
import { CONFIRM_EMAIL_MESSAGES } from "@/lib/server/users/confirm-email";
import { call } from "../helpers/api-client";
import { createUser, signedInUser, TEST_PASSWORD } from "../helpers/users";
import { catchMail, withEnv } from "../helpers/mail-catcher";

const patch = (token: string, body: unknown) => call(profileRoute.PATCH, "PATCH", "/api/user/profile", { token, body });
const getProfile = (token: string) => call(profileRoute.GET, "GET", "/api/user/profile", { token });
const confirm = (token: string) => call(confirmRoute.POST, "POST", "/api/auth/confirm-email", { body: { token } });
const login = (email: string) => call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });

describe("changing the e-mail without SMTP", () => {
  withEnv({ SMTP_HOST: undefined, DEMO_MODE: undefined });

  it("needs the current password, then changes the address at once, marked not verified", async () => {
    const { user, token } = await signedInUser();
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });

    const missing = await patch(token, { email: "thief@example.com" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(PROFILE_MESSAGES.passwordNeeded);
    const wrong = await patch(token, { email: "thief@example.com", currentPassword: "a guess" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("Your current password is incorrect");
    expect((await getProfile(token)).body.email).toBe(user.email);

    const changed = await patch(token, { email: "  New.Address@Example.com ", currentPassword: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: user.id, email: "new.address@example.com", pendingEmail: null });
    expect(changed.body).not.toHaveProperty("message");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
  });

  it("changes the name alone without a password, and refuses an address another account has", async () => {
    const { token } = await signedInUser();
    const other = await createUser();
    const renamed = await patch(token, { name: "Ann Lee" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Ann Lee");
    const taken = await patch(token, { email: other.email, currentPassword: TEST_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PROFILE_MESSAGES.emailTaken);
  });

  it("refuses with 429 after five wrong current passwords", async () => {
    const { token } = await signedInUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await patch(token, { email: "x@example.com", currentPassword: `guess ${attempt}` })).status).toBe(403);
    }
    const blocked = await patch(token, { email: "x@example.com", currentPassword: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
  });
});

describe("changing the e-mail with SMTP", () => {
  const mail = catchMail();

  it("keeps the old address until the link mailed to the new one is opened, and tells the old address", async () => {
    const { user, token } = await signedInUser();
    const res = await patch(token, { email: "moved@example.com", name: "Moved Person", currentPassword: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, name: "Moved Person", pendingEmail: "moved@example.com" });
    expect(res.body.message).toBe(PROFILE_MESSAGES.confirmationSent("moved@example.com"));
    expect((await getProfile(token)).body).toMatchObject({ email: user.email, pendingEmail: "moved@example.com" });

    const [notice] = await mail.mailsTo(user.email);
    expect(notice.text).toContain("moved@example.com");
    expect(notice.text).not.toMatch(/token=/);
    expect((await login(user.email)).status).toBe(200);

    const confirmed = await confirm(await mail.linkToken("moved@example.com", "confirm-email"));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(CONFIRM_EMAIL_MESSAGES.change);
    expect((await getProfile(token)).body).toMatchObject({ email: "moved@example.com", pendingEmail: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    expect((await login("moved@example.com")).status).toBe(200);
    expect((await login(user.email)).status).toBe(401);
  });

  it("a newer request voids the earlier link, and an address taken meanwhile is refused", async () => {
    const { user, token } = await signedInUser();
    await patch(token, { email: "first.choice@example.com", currentPassword: TEST_PASSWORD });
    const firstLink = await mail.linkToken("first.choice@example.com", "confirm-email");
    await patch(token, { email: "second.choice@example.com", currentPassword: TEST_PASSWORD });
    expect((await confirm(firstLink)).status).toBe(400);

    await createUser({ email: "second.choice@example.com" });
    const taken = await confirm(await mail.linkToken("second.choice@example.com", "confirm-email"));
    expect(taken.status).toBe(409);
    expect((await getProfile(token)).body.email).toBe(user.email);
  });
});
