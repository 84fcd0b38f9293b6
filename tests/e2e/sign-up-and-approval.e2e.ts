// Journeys of the specification: a visitor signs up and waits; an administrator approves,
// denies, promotes, revokes, restores and deletes users in the Admin Panel, where accounts whose
// e-mail is not verified are marked; a registrant confirms their address from the mailed link.
import type { Page } from "playwright-core";
import { inBrowser, pathOf, toastNamed, waitForPath } from "./support/browser";
import { apiLogin, apiRegister, createAccount, findAccount, listPendingUsers, listUsers, tokenFor } from "./support/accounts";
import { db } from "@/lib/server/db";
import { newToken } from "@/lib/server/users/user-tokens";
import { fillSignIn, signIn } from "./support/ui";

const ADMIN = "chief.admin@example.com";
const NEW_PASSWORD = "newcomer-pass-1";

const card = (page: Page, email: string) => page.locator(`[data-testid="user-card"][data-email="${email}"]`);
const cardButtons = async (page: Page, email: string) =>
  (await card(page, email).getByRole("button").allTextContents()).map((text) => text.trim());
const cardBadges = async (page: Page, email: string) =>
  (await card(page, email).locator("span.rounded-full").allTextContents()).map((text) => text.trim());

async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastNamed(page, title);
  await toast.waitFor();
  if (description) expect(await toast.textContent()).toContain(description);
}

async function showAllUsers(page: Page) {
  await page.getByRole("button", { name: /^All Users \(\d+\)$/ }).click();
}

describe("sign up and administration", () => {
  beforeAll(async () => {
    await createAccount({ email: ADMIN, isAdmin: true, name: "Chief Admin" });
  });

  it(
    "a visitor signs up, sees the server's message, is sent to /login and must wait for approval",
    inBrowser("sign-up", async ({ page, go, snap }) => {
      await go("/register");
      await page.getByRole("heading", { name: "Create account" }).waitFor();
      expect(await page.getByText("Get started with your agent transcript portal").isVisible()).toBe(true);
      await snap("register");

      await page.getByLabel("Email").fill("newcomer@example.com");
      await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Create account" }).click();
      await expectToast(page, "Registration successful", "Account created. An administrator must approve it before you can sign in.");
      expect(pathOf(page)).toBe("/register");
      await snap("registered-toast");

      await waitForPath(page, "/login", 5_000);
      // The 8-second toast outlives the 2-second redirect.
      expect(await toastNamed(page, "Registration successful").isVisible()).toBe(true);

      await fillSignIn(page, "newcomer@example.com", NEW_PASSWORD);
      await expectToast(page, "Login failed", "Your account is awaiting administrator approval");
      expect(pathOf(page)).toBe("/login");
      await snap("login-pending");
    }),
  );

  it(
    "an administrator sees the pending badge and approves a user in the Admin Panel",
    inBrowser("approve", async ({ page, baseUrl, snap }) => {
      expect((await apiRegister("approve.me@example.com")).status).toBe(201);
      const adminToken = await tokenFor(ADMIN);
      const pending = await listPendingUsers(adminToken);
      expect(pending.map((u) => u.email)).toContain("approve.me@example.com");

      await signIn(page, baseUrl, ADMIN);
      const badge = page.getByTestId("avatar-count");
      await badge.waitFor();
      expect((await badge.textContent())?.trim()).toBe(String(pending.length));
      expect(await page.getByTestId("avatar-text").textContent()).toBe("CA");

      await page.getByTestId("user-menu-trigger").click();
      const items = (await page.getByRole("menuitem").allTextContents()).map((t) => t.trim().replace(/\d+$/, ""));
      expect(items).toEqual(["Dashboard", "Analytics", "Profile Settings", "Admin Panel", "Feedback Management", "Logout"]);
      await snap("admin-menu");
      await page.getByRole("menuitem", { name: /Admin Panel/ }).click();
      await waitForPath(page, "/admin");
      await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
      expect(await page.getByText("Manage user access and approvals").isVisible()).toBe(true);

      const all = await listUsers(adminToken);
      await page.getByRole("button", { name: `Pending (${pending.length})` }).waitFor();
      await page.getByRole("button", { name: `All Users (${all.length})` }).waitFor();
      expect(await page.getByTestId("count-Pending Approvals").textContent()).toBe(String(pending.length));
      expect(await page.getByTestId("count-Total Users").textContent()).toBe(String(all.length));
      expect(await page.getByTestId("count-Approved Users").textContent()).toBe(String(all.filter((u) => u.approved).length));

      const target = card(page, "approve.me@example.com");
      await target.waitFor();
      const id = pending.find((u) => u.email === "approve.me@example.com")!.id;
      expect(await target.textContent()).toContain(id.slice(0, 8));
      expect(await cardBadges(page, "approve.me@example.com")).toEqual(["Pending"]);
      // Registered without SMTP: nobody proved they read mail at the address.
      expect(await target.getByTestId("email-not-verified").textContent()).toBe("E-mail not verified");
      expect(await cardButtons(page, "approve.me@example.com")).toEqual(["Approve", "Deny", "Delete"]);
      await snap("admin-pending");

      await target.getByRole("button", { name: "Approve" }).click();
      await expectToast(page, "User approved", "The user can now log in to the portal");
      await target.waitFor({ state: "detached" });
      await page.getByRole("button", { name: `Pending (${pending.length - 1})` }).waitFor();
      if (pending.length - 1 === 0) expect(await badge.count()).toBe(0);
      else expect((await badge.textContent())?.trim()).toBe(String(pending.length - 1));
      expect((await apiLogin("approve.me@example.com")).status).toBe(200);

      await showAllUsers(page);
      await card(page, "approve.me@example.com").waitFor();
      expect(await cardBadges(page, "approve.me@example.com")).toEqual(["Approved"]);
      expect(await cardButtons(page, "approve.me@example.com")).toEqual(["Make Admin", "Revoke Access", "Delete"]);
      expect(await cardButtons(page, ADMIN)).toEqual(["Revoke Access"]);
      await snap("admin-all-users");
    }),
  );

  it(
    "denies, promotes, revokes, restores and deletes users, offering the buttons each state allows",
    inBrowser("admin-actions", async ({ page, baseUrl, go, snap }) => {
      expect((await apiRegister("deny.me@example.com")).status).toBe(201);
      await createAccount({ email: "promote.me@example.com" });
      await createAccount({ email: "revoke.me@example.com", name: "Revoke Me" });
      await createAccount({ email: "delete.me@example.com" });
      const adminToken = await tokenFor(ADMIN);

      await signIn(page, baseUrl, ADMIN);
      await go("/admin");
      await card(page, "deny.me@example.com").waitFor();

      // Deny asks first, in an alert dialog that opens on Cancel; Cancel keeps the user.
      await card(page, "deny.me@example.com").getByRole("button", { name: "Deny" }).click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText("Deny this registration?").waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).and(page.locator(":focus")).waitFor();
      await snap("deny-dialog");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      expect(await card(page, "deny.me@example.com").count()).toBe(1);
      await card(page, "deny.me@example.com").getByRole("button", { name: "Deny" }).click();
      await dialog.getByRole("button", { name: "Deny" }).click();
      await expectToast(page, "User deleted", "The user has been removed from the system");
      await card(page, "deny.me@example.com").waitFor({ state: "detached" });
      expect((await listUsers(adminToken)).map((u) => u.email)).not.toContain("deny.me@example.com");

      await showAllUsers(page);
      await card(page, "promote.me@example.com").waitFor();
      expect(await cardButtons(page, "promote.me@example.com")).toEqual(["Make Admin", "Revoke Access", "Delete"]);
      await card(page, "promote.me@example.com").getByRole("button", { name: "Make Admin" }).click();
      await expectToast(page, "User promoted to admin", "The user now has admin privileges");
      await page.waitForFunction(
        (email) => document.querySelector(`[data-email="${email}"]`)?.textContent?.includes("Admin") ?? false,
        "promote.me@example.com",
      );
      expect(await cardBadges(page, "promote.me@example.com")).toEqual(["Admin", "Approved"]);
      expect(await cardButtons(page, "promote.me@example.com")).toEqual(["Revoke Access"]);
      expect((await listUsers(adminToken)).find((u) => u.email === "promote.me@example.com")?.isAdmin).toBe(true);

      await card(page, "revoke.me@example.com").getByRole("button", { name: "Revoke Access" }).click();
      await expectToast(page, "Access revoked", "The user can no longer log in to the portal");
      await card(page, "revoke.me@example.com").getByRole("button", { name: "Restore Access" }).waitFor();
      expect(await cardBadges(page, "revoke.me@example.com")).toEqual(["Approved", "Revoked"]);
      expect(await cardButtons(page, "revoke.me@example.com")).toEqual(["Make Admin", "Restore Access", "Delete"]);
      expect((await apiLogin("revoke.me@example.com")).status).toBe(403);
      await snap("revoked");

      await card(page, "revoke.me@example.com").getByRole("button", { name: "Restore Access" }).click();
      await expectToast(page, "Access restored");
      await card(page, "revoke.me@example.com").getByRole("button", { name: "Revoke Access" }).waitFor();
      expect(await cardButtons(page, "revoke.me@example.com")).toEqual(["Make Admin", "Revoke Access", "Delete"]);
      expect((await apiLogin("revoke.me@example.com")).status).toBe(200);

      await card(page, "delete.me@example.com").getByRole("button", { name: "Delete" }).click();
      await dialog.getByText("Delete this user?").waitFor();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "User deleted", "The user has been removed from the system");
      await card(page, "delete.me@example.com").waitFor({ state: "detached" });
      const remaining = await listUsers(adminToken);
      expect(remaining.map((u) => u.email)).not.toContain("delete.me@example.com");
      await page.getByRole("button", { name: `All Users (${remaining.length})` }).waitFor();
      await snap("after-actions");
    }),
  );

  it(
    "a registrant confirms their address from the link, and the mark goes",
    inBrowser("confirm-email", async ({ page, baseUrl, go, snap }) => {
      const account = await createAccount({ email: "confirm.link@example.com", approved: false });
      // The link a mail server would have delivered (this server has no SMTP).
      const { token, row } = newToken({ purpose: "email_verification", userId: account.id });
      await db.userToken.create({ data: row });

      await go(`/confirm-email?token=${encodeURIComponent(token)}`);
      await page.getByRole("heading", { name: "Confirm your email address" }).waitFor();
      await snap("confirm-email");
      await page.getByRole("button", { name: "Confirm email address" }).click();
      await page.getByRole("heading", { name: "Email address confirmed" }).waitFor();
      expect(await page.getByRole("status").textContent()).toContain("An administrator must approve your account");
      await snap("email-confirmed");
      expect((await findAccount("confirm.link@example.com"))?.emailVerifiedAt).not.toBeNull();

      // A used link is refused with the server's message.
      await go(`/confirm-email?token=${encodeURIComponent(token)}`);
      await page.getByRole("button", { name: "Confirm email address" }).click();
      await page.getByRole("alert").getByText("This confirmation link is invalid or has expired.").waitFor();

      await signIn(page, baseUrl, ADMIN);
      await go("/admin");
      await card(page, "confirm.link@example.com").waitFor();
      expect(await card(page, "confirm.link@example.com").getByTestId("email-not-verified").count()).toBe(0);
      await snap("admin-verified-registration");
    }),
  );
});
