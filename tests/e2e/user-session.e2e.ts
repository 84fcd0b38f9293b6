// A user session in the browser: a user signs in, sees the header, initials and menu, edits
// the profile and logs out; the session is kept in localStorage and the cookie is cleared, and
// logout ends it on the server. A second journey changes the password and signs out of all devices.
import { inBrowser, pathOf, PHONE, DESKTOP, toastNamed, waitForPath } from "./support/browser";
import { apiGet, createAccount, findAccount, PASSWORD, tokenFor } from "./support/accounts";
import { fillSignIn, menuItems, signIn, storedSession } from "./support/ui";

const EMAIL = "mary.ann.smith@example.com";

describe("a signed-in user", () => {
  it(
    "signs in, sees the header, initials and menu, edits the profile and logs out",
    inBrowser("user-session", async ({ page, context, go, snap }) => {
      const account = await createAccount({ email: EMAIL });

      // Signed out, a portal page sends the visitor to sign in and back afterwards.
      await go("/profile");
      await waitForPath(page, "/login?next=%2Fprofile");
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      expect(await page.getByText("Sign in to access your agent transcripts").isVisible()).toBe(true);
      await snap("login");
      await fillSignIn(page, EMAIL);
      await waitForPath(page, "/profile");
      await go("/dashboard");
      await page.getByRole("heading", { name: "Transcript Analytics" }).waitFor();
      expect(await page.getByText("View and export your AI agent conversation transcripts").isVisible()).toBe(true);

      const session = await storedSession(page);
      expect(session.token).toBeTruthy();
      expect(JSON.parse(session.user ?? "{}")).toEqual({ id: account.id, email: EMAIL, name: null, isAdmin: false });
      expect((await context.cookies()).map((c) => c.name)).toContain("next-auth.session-token");

      // Header: initials of mary.ann.smith, the e-mail on wide screens only, no admin badge.
      const trigger = page.getByTestId("user-menu-trigger");
      expect((await page.getByTestId("avatar-text").textContent())?.trim()).toBe("MA");
      expect(await page.getByTestId("header-email").isVisible()).toBe(true);
      expect(await page.getByTestId("avatar-count").count()).toBe(0);
      await page.setViewportSize(PHONE);
      expect(await page.getByTestId("header-email").isVisible()).toBe(false);
      await page.setViewportSize(DESKTOP);
      await snap("dashboard");

      expect(await menuItems(page)).toEqual(["Dashboard", "Analytics", "Profile Settings", "Logout"]);
      await snap("menu");
      await page.getByRole("menuitem", { name: "Analytics" }).click();
      await waitForPath(page, "/analytics");
      await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();

      // The menu works from the keyboard too.
      await trigger.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menu").waitFor();
      const focusOn = (label: string) =>
        page.waitForFunction((text) => document.activeElement?.textContent?.trim() === text, label, { timeout: 3_000 });
      // Enter opens the menu on its first item; the arrows move through the rest.
      await focusOn("Dashboard");
      await page.keyboard.press("ArrowDown");
      await focusOn("Analytics");
      await page.keyboard.press("ArrowDown");
      await focusOn("Profile Settings");
      await page.keyboard.press("Enter");
      await waitForPath(page, "/profile");
      await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
      expect(await page.getByLabel("Email Address").inputValue()).toBe(EMAIL);
      expect((await page.getByTestId("profile-user-id").textContent())?.trim()).toBe(account.id);

      await page.getByRole("button", { name: "Save Changes" }).click();
      await toastNamed(page, "No changes").waitFor();
      expect(await toastNamed(page, "No changes").textContent()).toContain("You haven't made any changes to your profile");

      await page.getByLabel("Email Address").fill("mary.smith@example.com");
      // A new e-mail asks for the current password (this server has no SMTP: it changes at once).
      await page.getByLabel("Current Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Full Name").fill("Mary Smith");
      await snap("profile-email-change");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await toastNamed(page, "Profile updated").waitFor();
      expect(await toastNamed(page, "No changes").count()).toBe(0);
      await page.waitForFunction(() => document.querySelector('[data-testid="header-email"]')?.textContent === "mary.smith@example.com");
      expect((await page.getByTestId("avatar-text").textContent())?.trim()).toBe("MS");
      await snap("profile-saved");
      const saved = await findAccount("mary.smith@example.com");
      expect(saved).toMatchObject({ id: account.id, name: "Mary Smith" });
      expect(JSON.parse((await storedSession(page)).user ?? "{}")).toMatchObject({ email: "mary.smith@example.com", name: "Mary Smith" });

      // A reload restores the session from localStorage and the form from the server.
      await page.reload();
      await page.getByRole("heading", { name: "Profile Settings" }).waitFor();
      await page.waitForFunction(() => (document.getElementById("profile-name") as HTMLInputElement | null)?.value === "Mary Smith");
      expect(await page.getByTestId("header-email").textContent()).toBe("mary.smith@example.com");

      // Logout clears the stored session and the cookie, ends the session on the server and goes to /login.
      const tokenBeforeLogout = (await storedSession(page)).token!;
      expect((await apiGet("/api/user/profile", tokenBeforeLogout)).status).toBe(200);
      await page.getByTestId("user-menu-trigger").click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await waitForPath(page, "/login");
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      expect(await storedSession(page)).toEqual({ token: null, user: null });
      await page.waitForTimeout(200);
      expect((await context.cookies()).map((c) => c.name)).not.toContain("next-auth.session-token");
      await go("/dashboard");
      await waitForPath(page, "/login?next=%2Fdashboard");
      expect(pathOf(page)).toBe("/login?next=%2Fdashboard");
      expect((await apiGet("/api/user/profile", tokenBeforeLogout)).status).toBe(401);
    }),
  );

  it(
    "changes the password, which signs out the other devices, then signs out of all of them",
    inBrowser("account-security", async ({ page, baseUrl, go, snap }) => {
      const email = "security.minded@example.com";
      const newPassword = "a much longer passphrase";
      await createAccount({ email });
      const otherDevice = await tokenFor(email);
      await signIn(page, baseUrl, email);
      await go("/profile");
      await page.getByRole("heading", { name: "Change Password" }).waitFor();

      await page.getByLabel("Current password", { exact: true }).fill("not the password");
      await page.getByLabel("New password", { exact: true }).fill(newPassword);
      await page.getByLabel("Confirm new password").fill(newPassword);
      await page.getByRole("button", { name: "Change password" }).click();
      await toastNamed(page, "Password change failed").waitFor();
      expect(await toastNamed(page, "Password change failed").textContent()).toContain("Your current password is incorrect");

      await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await toastNamed(page, "Password changed").waitFor();
      await snap("password-changed");
      expect((await apiGet("/api/user/profile", otherDevice)).status).toBe(401);
      const thisDevice = (await storedSession(page)).token!;
      expect((await apiGet("/api/user/profile", thisDevice)).status).toBe(200);

      const laterDevice = await tokenFor(email, newPassword);
      await page.getByRole("button", { name: "Sign out of all devices" }).click();
      await waitForPath(page, "/login");
      await toastNamed(page, "Signed out").waitFor();
      expect(await storedSession(page)).toEqual({ token: null, user: null });
      for (const token of [thisDevice, laterDevice]) expect((await apiGet("/api/user/profile", token)).status).toBe(401);
    }),
  );

  it(
    "clears a stored user that does not parse",
    inBrowser("bad-session", async ({ page, go }) => {
      await go("/login");
      await page.evaluate(() => {
        window.localStorage.setItem("token", "whatever");
        window.localStorage.setItem("user", "{not json");
      });
      await go("/");
      await waitForPath(page, "/login");
      expect(await storedSession(page)).toEqual({ token: null, user: null });
    }),
  );
});
