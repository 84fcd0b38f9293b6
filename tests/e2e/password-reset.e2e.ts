// Forgot and Reset password in demo mode, in the browser: the token box leads to the
// reset screen, which leads to a sign-in with the new password.
import { inBrowser, pathOf, toastNamed, waitForPath } from "./support/browser";
import { apiLogin, createAccount } from "./support/accounts";
import { fillSignIn } from "./support/ui";

const EMAIL = "forgetful.fred@example.com";
const NEW_PASSWORD = "brand-new-secret-9";

describe("password reset in demo mode", () => {
  it(
    "shows the token, resets the password on the reset screen and signs in with the new one",
    inBrowser("password-reset", async ({ page, go, snap }) => {
      await createAccount({ email: EMAIL });

      await go("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await waitForPath(page, "/forgot-password");
      await page.getByRole("heading", { name: "Reset your password" }).waitFor();
      await snap("forgot");

      // An unknown address gets no token, only the neutral message.
      await page.getByLabel("Email").fill("nobody@example.com");
      await page.getByRole("button", { name: "Send reset link" }).click();
      const checkEmail = toastNamed(page, "Check your email");
      await checkEmail.waitFor();
      expect(await checkEmail.textContent()).toContain("If an account exists for that email, a password reset link has been sent.");
      expect(await page.getByTestId("demo-token-box").count()).toBe(0);

      await page.getByLabel("Email").fill(EMAIL);
      await page.getByRole("button", { name: "Send reset link" }).click();
      const box = page.getByTestId("demo-token-box");
      await box.waitFor();
      const token = await box.getByLabel("Reset token").inputValue();
      expect(token.length).toBeGreaterThan(20);
      expect(await box.getByLabel("Reset token").getAttribute("readonly")).not.toBeNull();
      await snap("demo-token");

      await box.getByRole("button", { name: "Continue to reset password" }).click();
      await waitForPath(page, `/reset-password?token=${encodeURIComponent(token)}`);
      expect(await page.getByLabel("Reset token").inputValue()).toBe(token);
      expect(await page.getByText("Must be at least 8 characters long").isVisible()).toBe(true);

      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByLabel("Confirm password").fill(`${NEW_PASSWORD}x`);
      await page.getByRole("button", { name: "Reset password" }).click();
      const mismatch = toastNamed(page, "Passwords don't match");
      await mismatch.waitFor();
      expect(await mismatch.textContent()).toContain("Please make sure both passwords are the same");
      await snap("mismatch");

      await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Reset password" }).click();
      await page.getByText("Password reset successful! Redirecting you to login...").waitFor();
      expect(pathOf(page)).toContain("/reset-password");
      await snap("reset-done");
      await waitForPath(page, "/login", 5_000);

      await fillSignIn(page, EMAIL, NEW_PASSWORD);
      await waitForPath(page, "/dashboard");
      expect((await apiLogin(EMAIL)).status).toBe(401);
    }),
  );
});
