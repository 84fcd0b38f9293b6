// The audit log: an administrator's actions show up on /admin/audit-log, reached from the Admin Panel.
import { inBrowser, waitForPath } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";

describe("audit log", () => {
  it(
    "lists who approved and revoked whom, newest first",
    inBrowser("audit-log", async ({ page, baseUrl, go, snap }) => {
      const admin = "audit.admin@example.com";
      await createAccount({ email: admin, isAdmin: true });
      await createAccount({ email: "audited.newcomer@example.com", approved: false });

      await signIn(page, baseUrl, admin);
      await go("/admin");
      const card = page.locator("li", { hasText: "audited.newcomer@example.com" });
      await card.getByRole("button", { name: "Approve" }).click();
      await page.getByRole("button", { name: /All Users/ }).click();
      await card.getByRole("button", { name: "Revoke Access" }).click();
      await card.getByText("Revoked").waitFor();

      await page.getByRole("link", { name: "Audit Log" }).click();
      await waitForPath(page, "/admin/audit-log");
      await page.getByRole("heading", { name: "Audit Log" }).waitFor();
      const rows = page.locator("tbody tr", { hasText: "audited.newcomer@example.com" });
      await rows.first().waitFor();
      const texts = await rows.allInnerTexts();
      expect(texts).toHaveLength(2);
      expect(texts[0]).toContain("Revoked access");
      expect(texts[1]).toContain("Approved user");
      for (const text of texts) expect(text).toContain(admin);
      await snap("log");
    }),
  );
});
