import "server-only";
import { db, type Database } from "../db";
import { smtpSettings } from "../config";
import { recordAuditEvent } from "../audit/record-audit-event";
import { newToken, voidTokens } from "../users/user-tokens";
import { registrationConfirmationMail } from "../mail/account-emails";
import { sendMail } from "../mail/send-mail";
import { runAfterResponse } from "../mail/after-response";
import { emailSchema } from "@/lib/schemas/auth";
import { NAME_MAX_LENGTH } from "@/lib/schemas/users";
import { emailDomain, ssoAutoApproveDomains, type SsoProviderConfig } from "@/lib/auth/sso-config";
import type { SsoConnectOutcome, SsoSignInRefusal } from "@/lib/auth/sign-in-messages";

/** What a provider's validated ID token says about the person signing in. */
export interface SsoSignInClaims {
  /** The provider's id (SSO_PROVIDERS). */
  provider: string;
  /** The ID token's `sub`. */
  subject: string;
  /** The `email` claim, not yet checked. */
  email: unknown;
  /** True only when the `email_verified` claim is the boolean true. */
  emailVerified: boolean;
  /** The `name` claim, not yet checked. */
  name: unknown;
}

export type SsoAdmission = { user: { id: string; isAdmin: boolean } } | { refused: SsoSignInRefusal };

/** The provider's own rules: whether it may link to existing accounts, and the domains it may sign in. */
export type SsoProviderPolicy = Pick<SsoProviderConfig, "allowAccountLinking" | "domains">;

type Transaction = Parameters<Parameters<Database["$transaction"]>[0]>[0];

interface AccountRow {
  id: string;
  email: string;
  approved: boolean;
  isActive: boolean;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
}

const accountSelect = { id: true, email: true, approved: true, isActive: true, isAdmin: true, emailVerifiedAt: true } as const;

/**
 * Decides who a single sign-on is, by the rules of registration and sign-in:
 * - a provider with domains (SSO_<ID>_DOMAINS) signs in only e-mail addresses of those domains;
 * - an identity (provider and subject) linked before signs in to its account;
 * - otherwise an account with the same e-mail is linked, but only when the provider allows linking
 *   (SSO_<ID>_ALLOW_ACCOUNT_LINKING) and verified the address; without linking the person is told to
 *   sign in as before and connect the provider from Profile. If a linked account's own address was
 *   never proven (a registration not confirmed), its password goes: whoever set it never showed
 *   that the address is theirs;
 * - otherwise a new account without a password is created, pending like a registration (with SMTP
 *   and an unverified address, unconfirmed until the mailed link is opened), or approved when the
 *   verified address's domain is in SSO_AUTO_APPROVE_DOMAINS, which also approves a pending
 *   account linked this way.
 * Creating and linking are recorded in the audit log. Pending and revoked accounts are then refused
 * as the password sign-in refuses them. `origin` is the portal's address for a confirmation link.
 */
export async function admitSsoSignIn(claims: SsoSignInClaims, origin: string, policy: SsoProviderPolicy): Promise<SsoAdmission> {
  const decided = await decideAccount(claims, origin, policy).catch(async (error: unknown) => {
    // A concurrent first sign-in of the same person, or a registration of the same address, won
    // the race for the unique identity or e-mail: decide again against what it stored.
    if (!isUniqueViolation(error)) throw error;
    return decideAccount(claims, origin, policy);
  });
  if ("refused" in decided) return decided;
  const { account } = decided;
  if (!account.approved) return { refused: "pending" };
  if (!account.isActive) return { refused: "revoked" };
  return { user: { id: account.id, isAdmin: account.isAdmin } };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "P2002";

/** The claimed address when the provider's domains allow it: a refusal otherwise. */
function allowedEmail(claims: SsoSignInClaims, policy: SsoProviderPolicy): { email: string } | { refused: "email" | "domain" } {
  const email = emailSchema.safeParse(claims.email);
  if (!email.success) return { refused: policy.domains.length > 0 ? "domain" : "email" };
  if (policy.domains.length > 0 && !policy.domains.includes(emailDomain(email.data))) return { refused: "domain" };
  return { email: email.data };
}

async function decideAccount(
  claims: SsoSignInClaims,
  origin: string,
  policy: SsoProviderPolicy,
): Promise<{ account: AccountRow } | { refused: SsoSignInRefusal }> {
  const allowed = allowedEmail(claims, policy);
  // A provider limited to domains refuses every other address, a known identity's included.
  if ("refused" in allowed && policy.domains.length > 0) return allowed;
  const identity = await db.ssoIdentity.findUnique({
    where: { provider_subject: { provider: claims.provider, subject: claims.subject } },
    select: { user: { select: accountSelect } },
  });
  if (identity) return { account: identity.user };

  if ("refused" in allowed) return allowed;
  const { email } = allowed;
  const isAutoApproved = claims.emailVerified && ssoAutoApproveDomains().has(emailDomain(email));

  const existing = await db.user.findUnique({ where: { email }, select: accountSelect });
  if (existing) {
    if (!policy.allowAccountLinking) return { refused: "linking" };
    if (!claims.emailVerified) return { refused: "unverified" };
    return { account: await linkAccount(existing, claims, isAutoApproved) };
  }
  return { account: await createAccount(email, claims, isAutoApproved, origin) };
}

/**
 * Profile › Sign-in methods, Connect: links the identity the provider just vouched for to the
 * signed-in user, who proved both sides (the portal's session and the provider's sign-in). The
 * provider's domains apply; its e-mail need not be the account's. An identity already linked to
 * another account, or a second identity of the same provider, is refused. Recorded in the audit log.
 */
export async function connectSsoIdentity(
  user: { id: string },
  claims: SsoSignInClaims,
  policy: SsoProviderPolicy,
): Promise<SsoConnectOutcome> {
  const allowed = allowedEmail(claims, policy);
  if ("refused" in allowed && policy.domains.length > 0) return allowed.refused;
  try {
    return await db.$transaction(async (tx) => {
      const owner = await tx.ssoIdentity.findUnique({
        where: { provider_subject: { provider: claims.provider, subject: claims.subject } },
        select: { userId: true },
      });
      if (owner) return owner.userId === user.id ? "connected" : "taken";
      if ((await tx.ssoIdentity.count({ where: { provider: claims.provider, userId: user.id } })) > 0) return "already";
      await tx.ssoIdentity.create({ data: { provider: claims.provider, subject: claims.subject, userId: user.id } });
      const account = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, email: true } });
      await recordAuditEvent(tx, {
        actor: account,
        action: "user.sso_connect",
        targetType: "user",
        targetId: account.id,
        targetLabel: account.email,
        details: { provider: claims.provider },
      });
      return "connected";
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "taken";
    throw error;
  }
}

async function linkAccount(account: AccountRow, claims: SsoSignInClaims, isAutoApproved: boolean): Promise<AccountRow> {
  return db.$transaction(async (tx) => {
    await tx.ssoIdentity.create({ data: { provider: claims.provider, subject: claims.subject, userId: account.id } });
    const isUnproven = !account.emailVerifiedAt;
    const approves = isAutoApproved && !account.approved;
    const now = new Date();
    if (isUnproven) await forgetUnprovenPassword(tx, account.id, now);
    const linked = await tx.user.update({
      where: { id: account.id },
      data: { ...(isUnproven ? { emailVerifiedAt: now, passwordHash: null } : {}), ...(approves ? { approved: true } : {}) },
      select: accountSelect,
    });
    await recordAuditEvent(tx, {
      actor: linked,
      action: "user.sso_link",
      targetType: "user",
      targetId: linked.id,
      targetLabel: linked.email,
      details: { provider: claims.provider, ...(isUnproven ? { passwordRemoved: true } : {}), ...(approves ? { approved: true } : {}) },
    });
    return linked;
  });
}

/** The password of an address nobody proved is void, and so is everything it let anyone do. */
async function forgetUnprovenPassword(tx: Transaction, userId: string, now: Date): Promise<void> {
  await voidTokens(tx, { userId, purpose: "password_reset", now });
  await voidTokens(tx, { userId, purpose: "email_verification", now });
  await voidTokens(tx, { userId, purpose: "email_change", now });
  await tx.session.deleteMany({ where: { userId } });
}

async function createAccount(email: string, claims: SsoSignInClaims, isAutoApproved: boolean, origin: string): Promise<AccountRow> {
  const needsConfirmation = !claims.emailVerified && smtpSettings() !== null;
  const { account, token } = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        email,
        name: nameFrom(claims.name),
        passwordHash: null,
        approved: isAutoApproved,
        emailVerifiedAt: claims.emailVerified ? new Date() : null,
        ssoIdentities: { create: { provider: claims.provider, subject: claims.subject } },
      },
      select: accountSelect,
    });
    await recordAuditEvent(tx, {
      actor: created,
      action: "user.sso_create",
      targetType: "user",
      targetId: created.id,
      targetLabel: created.email,
      details: { provider: claims.provider, emailVerified: claims.emailVerified, approved: isAutoApproved },
    });
    if (!needsConfirmation) return { account: created, token: null };
    const confirmation = newToken({ purpose: "email_verification", userId: created.id });
    await tx.userToken.create({ data: confirmation.row });
    return { account: created, token: confirmation.token };
  });
  if (token) {
    runAfterResponse("registration confirmation", () =>
      sendMail("registration confirmation", () => registrationConfirmationMail({ to: email, token, origin })),
    );
  }
  return account;
}

function nameFrom(claim: unknown): string | null {
  if (typeof claim !== "string") return null;
  const name = claim.trim().slice(0, NAME_MAX_LENGTH);
  return name || null;
}
