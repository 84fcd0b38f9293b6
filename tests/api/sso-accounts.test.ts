// The account rules of single sign-on (lib/server/auth/sso-accounts.ts), as the sign-in callback
// applies them to a provider's validated claims, on both databases: pending on first sign-in,
// approved by domain, linked by verified e-mail only where the provider allows linking, limited to
// the provider's domains, pending and revoked refused; and connecting an identity from Profile.
import * as registerRoute from "@/app/api/auth/register/route";
import { db } from "@/lib/server/db";
import { admitSsoSignIn, connectSsoIdentity, type SsoProviderPolicy, type SsoSignInClaims } from "@/lib/server/auth/sso-accounts";
import { verifyPassword } from "@/lib/server/auth/passwords";
import { call } from "../helpers/api-client";
import { catchMail, withEnv } from "../helpers/mail-catcher";
import { createUser, signInAs, TEST_PASSWORD } from "../helpers/users";

const ORIGIN = "http://localhost:3000";
/** A provider with SSO_<ID>_ALLOW_ACCOUNT_LINKING=true and no domain limit. */
const LINKING: SsoProviderPolicy = { allowAccountLinking: true, domains: [] };
/** The default: no linking to existing accounts, no domain limit. */
const NO_LINKING: SsoProviderPolicy = { allowAccountLinking: false, domains: [] };
let counter = 0;

function claims(overrides: Partial<SsoSignInClaims> = {}): SsoSignInClaims {
  counter += 1;
  return {
    provider: "corp",
    subject: `subject-${counter}`,
    email: `person${counter}@corp.example`,
    emailVerified: true,
    name: `Person ${counter}`,
    ...overrides,
  };
}

const identitiesOf = (userId: string) => db.ssoIdentity.findMany({ where: { userId }, select: { provider: true, subject: true } });
const auditOf = (userId: string) =>
  db.auditEvent.findMany({ where: { targetId: userId }, select: { action: true, actorId: true, details: true } });

describe("without SMTP", () => {
  withEnv({ SMTP_HOST: undefined, SSO_AUTO_APPROVE_DOMAINS: "auto.example, @Partner.Example" });

  it("creates a pending account without a password on first sign-in, and refuses it as pending", async () => {
    const person = claims();
    expect(await admitSsoSignIn(person, ORIGIN, LINKING)).toEqual({ refused: "pending" });
    const user = await db.user.findUniqueOrThrow({ where: { email: String(person.email) } });
    expect(user).toMatchObject({ approved: false, isActive: true, isAdmin: false, passwordHash: null, name: person.name });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await identitiesOf(user.id)).toEqual([{ provider: "corp", subject: person.subject }]);
    expect(await auditOf(user.id)).toEqual([
      { action: "user.sso_create", actorId: user.id, details: JSON.stringify({ provider: "corp", emailVerified: true, approved: false }) },
    ]);

    // Signing in again while pending changes nothing and is refused the same way.
    expect(await admitSsoSignIn(person, ORIGIN, LINKING)).toEqual({ refused: "pending" });
    expect(await db.user.count({ where: { email: String(person.email) } })).toBe(1);
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it("admits the account once an administrator approved it, with the account's role", async () => {
    const person = claims();
    await admitSsoSignIn(person, ORIGIN, LINKING);
    const user = await db.user.update({ where: { email: String(person.email) }, data: { approved: true, isAdmin: true } });
    expect(await admitSsoSignIn(person, ORIGIN, LINKING)).toEqual({ user: { id: user.id, isAdmin: true } });
  });

  it.each([
    ["a listed domain", "ada@auto.example", true, true],
    ["a listed domain written with @ and capitals", "pia@partner.example", true, true],
    ["a subdomain of a listed domain", "sam@eu.auto.example", true, false],
    ["a listed domain whose address the provider did not verify", "uli@auto.example", false, false],
  ])("approves on first sign-in by domain: %s", async (_label, email, emailVerified, isApproved) => {
    const admission = await admitSsoSignIn(claims({ email, emailVerified }), ORIGIN, LINKING);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.approved).toBe(isApproved);
    expect(admission).toEqual(isApproved ? { user: { id: user.id, isAdmin: false } } : { refused: "pending" });
  });

  it("links an existing account by a verified e-mail, keeping its password and role", async () => {
    const existing = await createUser({ isAdmin: true });
    await db.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    const person = claims({ email: existing.email.toUpperCase() });

    expect(await admitSsoSignIn(person, ORIGIN, LINKING)).toEqual({ user: { id: existing.id, isAdmin: true } });
    expect(await identitiesOf(existing.id)).toEqual([{ provider: "corp", subject: person.subject }]);
    expect(await auditOf(existing.id)).toEqual([
      { action: "user.sso_link", actorId: existing.id, details: JSON.stringify({ provider: "corp" }) },
    ]);
    expect(await signInAs(existing.email)).toEqual(expect.any(String));

    // The identity now finds the account whatever e-mail the provider says later.
    expect(await admitSsoSignIn({ ...person, email: "renamed@corp.example", emailVerified: false }, ORIGIN, LINKING)).toEqual({
      user: { id: existing.id, isAdmin: true },
    });
  });

  it("never links on an unverified e-mail claim", async () => {
    const existing = await createUser();
    const before = await db.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(await admitSsoSignIn(claims({ email: existing.email, emailVerified: false }), ORIGIN, LINKING)).toEqual({
      refused: "unverified",
    });
    expect(await identitiesOf(existing.id)).toEqual([]);
    expect(await db.user.findUniqueOrThrow({ where: { id: existing.id } })).toEqual(before);
  });

  it("removes the password of a linked account whose address was never proven, and ends its sessions", async () => {
    // A registration without SMTP: anyone could have typed this address.
    await call(registerRoute.POST, "POST", "/api/auth/register", { body: { email: "squatted@corp.example", password: TEST_PASSWORD } });
    const registered = await db.user.update({ where: { email: "squatted@corp.example" }, data: { approved: true } });
    await signInAs(registered.email);

    expect(await admitSsoSignIn(claims({ email: registered.email }), ORIGIN, LINKING)).toEqual({
      user: { id: registered.id, isAdmin: false },
    });
    const linked = await db.user.findUniqueOrThrow({ where: { id: registered.id } });
    expect(linked.passwordHash).toBeNull();
    expect(linked.emailVerifiedAt).not.toBeNull();
    expect(await db.session.count({ where: { userId: registered.id } })).toBe(0);
    await expect(signInAs(registered.email)).rejects.toThrow(/401/);
    expect((await auditOf(registered.id)).map((event) => JSON.parse(event.details ?? "{}"))).toEqual([
      { provider: "corp", passwordRemoved: true },
    ]);
  });

  it("approves a pending account it links when the verified domain is listed", async () => {
    const pending = await createUser({ email: "waiting@auto.example", approved: false });
    await db.user.update({ where: { id: pending.id }, data: { emailVerifiedAt: new Date() } });
    expect(await admitSsoSignIn(claims({ email: pending.email }), ORIGIN, LINKING)).toEqual({ user: { id: pending.id, isAdmin: false } });
    expect((await db.user.findUniqueOrThrow({ where: { id: pending.id } })).approved).toBe(true);
  });

  it.each([
    ["a revoked account", { isActive: false }, "revoked"],
    ["a pending account", { approved: false }, "pending"],
  ] as const)("refuses %s with the password sign-in's refusal", async (_label, state, refusal) => {
    const existing = await createUser(state);
    await db.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    expect(await admitSsoSignIn(claims({ email: existing.email }), ORIGIN, LINKING)).toEqual({ refused: refusal });
    expect(await db.session.count({ where: { userId: existing.id } })).toBe(0);
  });

  it.each([
    ["no e-mail", undefined],
    ["an e-mail that is not one", "not an address"],
    ["an e-mail that is not text", { address: "x@corp.example" }],
  ])("refuses a first sign-in with %s", async (_label, email) => {
    const users = await db.user.count();
    expect(await admitSsoSignIn(claims({ email }), ORIGIN, LINKING)).toEqual({ refused: "email" });
    expect(await db.user.count()).toBe(users);
  });

  it("keeps one account and one identity when the same person's first sign-ins race", async () => {
    const person = claims({ email: "racer@auto.example" });
    const admissions = await Promise.all([
      admitSsoSignIn(person, ORIGIN, LINKING),
      admitSsoSignIn(person, ORIGIN, LINKING),
      admitSsoSignIn(person, ORIGIN, LINKING),
    ]);
    const user = await db.user.findUniqueOrThrow({ where: { email: "racer@auto.example" } });
    expect(admissions).toEqual([0, 1, 2].map(() => ({ user: { id: user.id, isAdmin: false } })));
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it("keeps identities of different providers apart", async () => {
    const person = claims({ email: "two@auto.example" });
    const first = await admitSsoSignIn(person, ORIGIN, LINKING);
    const second = await admitSsoSignIn({ ...person, provider: "partner" }, ORIGIN, LINKING);
    expect(second).toEqual(first);
    const user = await db.user.findUniqueOrThrow({ where: { email: "two@auto.example" } });
    expect((await identitiesOf(user.id)).map((identity) => identity.provider).sort()).toEqual(["corp", "partner"]);
  });

  it("refuses a first sign-in to an existing account, administrators included, unless the provider allows linking", async () => {
    const admin = await createUser({ isAdmin: true });
    await db.user.update({ where: { id: admin.id }, data: { emailVerifiedAt: new Date() } });
    const before = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    const person = claims({ email: admin.email });

    expect(await admitSsoSignIn(person, ORIGIN, NO_LINKING)).toEqual({ refused: "linking" });
    expect(await identitiesOf(admin.id)).toEqual([]);
    expect(await auditOf(admin.id)).toEqual([]);
    expect(await db.user.findUniqueOrThrow({ where: { id: admin.id } })).toEqual(before);
    expect(await db.session.count({ where: { userId: admin.id } })).toBe(0);
  });

  it("limits a provider with domains to addresses of those domains, known identities included", async () => {
    const corpOnly: SsoProviderPolicy = { allowAccountLinking: false, domains: ["corp.example", "other.example"] };
    const users = await db.user.count();
    expect(await admitSsoSignIn(claims({ email: "mallory@elsewhere.example" }), ORIGIN, corpOnly)).toEqual({ refused: "domain" });
    expect(await admitSsoSignIn(claims({ email: "sub@eu.corp.example" }), ORIGIN, corpOnly)).toEqual({ refused: "domain" });
    expect(await admitSsoSignIn(claims({ email: undefined }), ORIGIN, corpOnly)).toEqual({ refused: "domain" });
    expect(await db.user.count()).toBe(users);

    const person = claims({ email: "quinn@other.example" });
    expect(await admitSsoSignIn(person, ORIGIN, corpOnly)).toEqual({ refused: "pending" });
    const user = await db.user.update({ where: { email: "quinn@other.example" }, data: { approved: true } });
    expect(await admitSsoSignIn(person, ORIGIN, corpOnly)).toEqual({ user: { id: user.id, isAdmin: false } });
    // The same person, now with an address outside the domains: refused although the identity is known.
    expect(await admitSsoSignIn({ ...person, email: "quinn@elsewhere.example" }, ORIGIN, corpOnly)).toEqual({ refused: "domain" });
  });
});

describe("connecting an identity to a signed-in account", () => {
  withEnv({ SMTP_HOST: undefined });

  it("links the identity whatever its e-mail, records it, and is idempotent", async () => {
    const user = await createUser({ isAdmin: true });
    const person = claims({ email: "someone.else@corp.example", emailVerified: false });
    expect(await connectSsoIdentity(user, person, NO_LINKING)).toBe("connected");
    expect(await identitiesOf(user.id)).toEqual([{ provider: "corp", subject: person.subject }]);
    expect(await auditOf(user.id)).toEqual([
      { action: "user.sso_connect", actorId: user.id, details: JSON.stringify({ provider: "corp" }) },
    ]);
    expect(await connectSsoIdentity(user, person, NO_LINKING)).toBe("connected");
    expect(await identitiesOf(user.id)).toHaveLength(1);

    // The identity now signs in to that account.
    expect(await admitSsoSignIn(person, ORIGIN, NO_LINKING)).toEqual({ user: { id: user.id, isAdmin: true } });
  });

  it("refuses an identity of another account, a second identity of the same provider, and addresses outside the domains", async () => {
    const owner = await createUser();
    const other = await createUser();
    const person = claims();
    expect(await connectSsoIdentity(owner, person, NO_LINKING)).toBe("connected");
    expect(await connectSsoIdentity(other, person, NO_LINKING)).toBe("taken");
    expect(await connectSsoIdentity(owner, claims(), NO_LINKING)).toBe("already");
    expect(
      await connectSsoIdentity(other, claims({ email: "x@elsewhere.example" }), { allowAccountLinking: false, domains: ["corp.example"] }),
    ).toBe("domain");
    expect(await identitiesOf(other.id)).toEqual([]);
    expect(await identitiesOf(owner.id)).toEqual([{ provider: "corp", subject: person.subject }]);
  });
});

describe("with SMTP", () => {
  const mail = catchMail();

  it("keeps an account made from an unverified address unconfirmed, and mails its confirmation link", async () => {
    const person = claims({ emailVerified: false });
    expect(await admitSsoSignIn(person, ORIGIN, LINKING)).toEqual({ refused: "pending" });
    const user = await db.user.findUniqueOrThrow({ where: { email: String(person.email) } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(await mail.linkToken(String(person.email), "confirm-email")).toEqual(expect.any(String));
  });

  it("mails nothing for an address the provider verified", async () => {
    const person = claims();
    await admitSsoSignIn(person, ORIGIN, LINKING);
    expect(await mail.mailsTo(String(person.email))).toEqual([]);
  });

  it("unlinks the identity of an unconfirmed account when its address is registered again", async () => {
    const person = claims({ emailVerified: false });
    await admitSsoSignIn(person, ORIGIN, LINKING);
    const user = await db.user.findUniqueOrThrow({ where: { email: String(person.email) } });
    await call(registerRoute.POST, "POST", "/api/auth/register", { body: { email: person.email, password: TEST_PASSWORD } });
    expect(await identitiesOf(user.id)).toEqual([]);
    expect(await verifyPassword(String((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash), TEST_PASSWORD)).toBe(
      true,
    );
  });
});
