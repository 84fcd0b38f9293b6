// The audit log: an administrator's actions show up on /admin/audit-log, reached from the Admin Panel.
import { inBrowser, waitForPath } from "./support/browser";
import { apiGet, createAccount, tokenFor } from "./support/accounts";
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

  it(
    "wraps a long change within its column",
    inBrowser("audit-log-wrap", async ({ page, baseUrl, go, snap }) => {
      const admin = "audit.wrap@example.com";
      await createAccount({ email: admin, isAdmin: true });
      // An export's entry records its filter: a long search makes a long change.
      const search = Array.from({ length: 12 }, (_, i) => `nosuchword${i}`).join("");
      const query = new URLSearchParams({ format: "jsonl", range: "7d", search });
      expect((await apiGet(`/api/transcripts/export?${query}`, await tokenFor(admin))).status).toBe(200);

      await signIn(page, baseUrl, admin);
      await go("/admin/audit-log");
      const cell = page.locator("tbody tr", { hasText: "Exported transcripts with conversations" }).first().getByTestId("audit-change");
      await cell.getByText(search, { exact: false }).waitFor();
      const fits = await cell.evaluate((element) => {
        const table = element.closest("table")!;
        return { cell: element.scrollWidth <= element.clientWidth, table: table.scrollWidth <= table.parentElement!.clientWidth };
      });
      expect(fits).toEqual({ cell: true, table: true });
      await snap("long-change");
    }),
  );
});
