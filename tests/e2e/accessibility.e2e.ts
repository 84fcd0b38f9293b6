// axe-core over every screen of this issue, at desktop and phone width: no serious or critical
// violations (labels, contrast, names of buttons and links, landmarks).
import { inBrowser } from "./support/browser";
import { apiRegister, createAccount, tokenFor } from "./support/accounts";
import { recordAxeViolations } from "./support/axe";
import { signIn } from "./support/ui";

describe("accessibility", () => {
  it(
    "finds no serious or critical axe violations on the account screens",
    inBrowser("a11y", async ({ page, baseUrl, go, snap }) => {
      const found: Record<string, string[]> = {};
      await createAccount({ email: "a11y.admin@example.com", isAdmin: true });
      await apiRegister("a11y.pending@example.com");

      for (const [path, heading] of [
        ["/login", "Welcome back"],
        ["/register", "Create account"],
        ["/forgot-password", "Reset your password"],
        ["/reset-password?token=abc", "Set a new password"],
        ["/no-such-page", "Page Not Found"],
      ] as const) {
        await go(path);
        await page.getByRole("heading", { name: heading }).waitFor();
        await recordAxeViolations(page, path, found);
      }

      // Keyboard focus is visible: Tab from the top lands on the e-mail field, then the link beside Password.
      await go("/login");
      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("email");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Forgot password?");
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow);
      expect(outline).not.toBe("none");
      await snap("keyboard-focus");

      await signIn(page, baseUrl, "a11y.admin@example.com");
      // An ingest key (and so an audit entry), so that those screens show their tables.
      const created = await fetch(`${baseUrl}/api/admin/ingest-keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${await tokenFor("a11y.admin@example.com")}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Accessibility check" }),
      });
      expect(created.status).toBe(201);
      for (const [path, heading] of [
        ["/dashboard", "Transcript Analytics"],
        ["/admin", "Admin Panel"],
        ["/profile", "Profile Settings"],
        ["/analytics", "Analytics Dashboard"],
        ["/admin/feedback", "Feedback Management"],
        ["/admin/audit-log", "Audit Log"],
        ["/admin/ingest-keys", "Ingest Keys"],
      ] as const) {
        await go(path);
        await page.getByRole("heading", { name: heading }).waitFor();
        if (path === "/admin") await page.getByTestId("user-card").first().waitFor();
        if (path === "/profile") await page.getByLabel("Email Address").waitFor();
        if (path === "/analytics") await page.getByText("Conversations in selected period").waitFor();
        if (path === "/admin/feedback") await page.getByTestId("count-Total Feedback").getByText(/\d/).waitFor();
        if (path === "/admin/audit-log" || path === "/admin/ingest-keys") await page.locator("tbody tr").first().waitFor();
        await recordAxeViolations(page, path, found);
      }
      await page.getByTestId("user-menu-trigger").click();
      await page.getByRole("menu").waitFor();
      await recordAxeViolations(page, "user menu", found);

      expect(found).toEqual({});
    }),
  );
});
