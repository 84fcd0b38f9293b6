// Registration squatting: with SMTP a registration reaches the administrators only once its
// address is confirmed from the mailbox, and a later registration of an unconfirmed address
// replaces the earlier one; without SMTP unverified accounts are marked for administrators.
import * as registerRoute from "@/app/api/auth/register/route";
import * as confirmRoute from "@/app/api/auth/confirm-email/route";
import * as loginRoute from "@/app/api/auth/login/route";
import * as pendingRoute from "@/app/api/admin/pending-users/route";
import * as usersRoute from "@/app/api/admin/users/route";
import * as approveRoute from "@/app/api/admin/approve-user/[id]/route";
import { db } from "@/lib/server/db";
import { CONFIRM_REGISTRATION_MESSAGE, REGISTERED_MESSAGE } from "@/lib/server/users/register-user";
import { CONFIRM_EMAIL_MESSAGES } from "@/lib/server/users/confirm-email";
import { provisionUser } from "@/lib/server/users/provision-user";
import { call } from "../helpers/api-client";
import { signedInUser, TEST_PASSWORD } from "../helpers/users";
import { catchMail, withEnv } from "../helpers/mail-catcher";

const SQUATTER_PASSWORD = "squatter-password-1";
const OWNER_PASSWORD = "owners-own-password";

const register = (email: string, password: string) => call(registerRoute.POST, "POST", "/api/auth/register", { body: { email, password } });
const confirm = (token: string) => call(confirmRoute.POST, "POST", "/api/auth/confirm-email", { body: { token } });
const login = (email: string, password: string) => call(loginRoute.POST, "POST", "/api/auth/login", { body: { email, password } });
const pendingEmails = async (token: string) =>
  (await call(pendingRoute.GET, "GET", "/api/admin/pending-users", { token })).body.map((user: { email: string }) => user.email);
const approve = (token: string, id: string) => call(approveRoute.POST, "POST", `/api/admin/approve-user/${id}`, { token, params: { id } });

describe("registration with SMTP", () => {
  const mail = catchMail();

  it("keeps a registration from administrators until its address is confirmed", async () => {
    const { token: adminToken } = await signedInUser({ isAdmin: true });
    const res = await register("confirm.me@example.com", OWNER_PASSWORD);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CONFIRM_REGISTRATION_MESSAGE });
    expect(await pendingEmails(adminToken)).not.toContain("confirm.me@example.com");
    const stored = await db.user.findUniqueOrThrow({ where: { email: "confirm.me@example.com" } });
    const early = await approve(adminToken, stored.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("The user has not confirmed their email address yet");

    const token = await mail.linkToken("confirm.me@example.com", "confirm-email");
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(CONFIRM_EMAIL_MESSAGES.registration);
    expect((await confirm(token)).status).toBe(400);
    expect(await pendingEmails(adminToken)).toContain("confirm.me@example.com");
    expect((await approve(adminToken, stored.id)).status).toBe(200);
    expect((await login("confirm.me@example.com", OWNER_PASSWORD)).status).toBe(200);
  });

  it("a squatter's registration is replaced by the owner's, whose password is the one approved", async () => {
    const { token: adminToken } = await signedInUser({ isAdmin: true });
    const squatted = await register("colleague@example.com", SQUATTER_PASSWORD);
    const squatterLink = await mail.linkToken("colleague@example.com", "confirm-email");
    const owners = await register("colleague@example.com", OWNER_PASSWORD);
    expect(owners.body).toEqual(squatted.body);
    expect(owners.status).toBe(squatted.status);

    // The squatter cannot confirm an address they do not read, and their earlier link is void.
    expect((await confirm(squatterLink)).status).toBe(400);
    expect(await pendingEmails(adminToken)).not.toContain("colleague@example.com");

    expect((await confirm(await mail.linkToken("colleague@example.com", "confirm-email"))).status).toBe(200);
    const colleague = await db.user.findUniqueOrThrow({ where: { email: "colleague@example.com" } });
    expect((await approve(adminToken, colleague.id)).status).toBe(200);
    expect((await login("colleague@example.com", OWNER_PASSWORD)).status).toBe(200);
    expect((await login("colleague@example.com", SQUATTER_PASSWORD)).status).toBe(401);
  });

  it("a registration of a confirmed or approved address changes nothing, sends nothing and answers the same", async () => {
    const { user } = await signedInUser();
    await db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
    const unverifiedButApproved = (await signedInUser()).user;
    const fresh = await register("someone.new@example.com", OWNER_PASSWORD);

    for (const email of [user.email, unverifiedButApproved.email]) {
      const before = await db.user.findUniqueOrThrow({ where: { email } });
      const res = await register(email, SQUATTER_PASSWORD);
      expect({ status: res.status, body: res.body }).toEqual({ status: fresh.status, body: fresh.body });
      expect(await db.user.findUniqueOrThrow({ where: { email } })).toEqual(before);
      expect(await mail.mailsTo(email)).toEqual([]);
      expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    }
  });

  it("answers before the mail is sent", async () => {
    // The mail server never answers until the answer is in: a call that waited for it would hang.
    const release = mail.holdDeliveries();
    expect((await register("slow.mail@example.com", OWNER_PASSWORD)).status).toBe(201);
    release();
    expect(await mail.mailsTo("slow.mail@example.com")).toHaveLength(1);
  });

  it("refuses unknown confirmation tokens", async () => {
    const res = await confirm("not-a-real-token");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CONFIRM_EMAIL_MESSAGES.invalid);
  });
});

describe("registration without SMTP", () => {
  withEnv({ SMTP_HOST: undefined, DEMO_MODE: undefined });

  it("lists the registration as pending, marked not verified, while accounts made by operators count as verified", async () => {
    const { token: adminToken } = await signedInUser({ isAdmin: true });
    const res = await register("no.mail@example.com", OWNER_PASSWORD);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: REGISTERED_MESSAGE });
    await provisionUser({ email: "made.by.cli@example.com", password: OWNER_PASSWORD, approved: false });

    const pending = (await call(pendingRoute.GET, "GET", "/api/admin/pending-users", { token: adminToken })).body;
    const verified = (email: string) => pending.find((user: { email: string }) => user.email === email)?.emailVerified;
    expect([verified("no.mail@example.com"), verified("made.by.cli@example.com")]).toEqual([false, true]);
    const all = (await call(usersRoute.GET, "GET", "/api/admin/users", { token: adminToken })).body;
    expect(all.find((user: { email: string }) => user.email === "no.mail@example.com")).toMatchObject({
      emailVerified: false,
      approved: false,
    });

    // A second registration changes nothing here: there is no mailbox to tell the two apart.
    await register("no.mail@example.com", SQUATTER_PASSWORD);
    const stored = await db.user.findUniqueOrThrow({ where: { email: "no.mail@example.com" } });
    expect((await approve(adminToken, stored.id)).status).toBe(200);
    expect((await login("no.mail@example.com", OWNER_PASSWORD)).status).toBe(200);
  });
});
