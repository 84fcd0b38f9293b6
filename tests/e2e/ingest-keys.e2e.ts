// Ingest keys end to end: an administrator creates one on /admin/ingest-keys and sees it once,
// the bot platform pushes a transcript with it, the administrator revokes it, and it stops working.
import { inBrowser, toastNamed, waitForPath } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { conversation } from "../helpers/stored-transcripts";

async function ingest(baseUrl: string, key: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api/ingest/transcripts`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("ingest keys", () => {
  it(
    "creates a key shown once, accepts transcripts with it, and refuses them once it is revoked",
    inBrowser("ingest-keys", async ({ page, baseUrl, go, snap }) => {
      const admin = "keys.admin@example.com";
      await createAccount({ email: admin, isAdmin: true });
      await signIn(page, baseUrl, admin);
      await go("/admin");
      await page.getByRole("link", { name: "Ingest Keys" }).click();
      await waitForPath(page, "/admin/ingest-keys");
      await page.getByRole("heading", { name: "Ingest Keys" }).waitFor();

      await page.getByLabel("New key name").fill("Voiceflow production");
      await page.getByRole("button", { name: "Create key" }).click();
      const shown = page.getByTestId("created-ingest-key");
      await shown.waitFor();
      const key = (await shown.innerText()).trim();
      expect(key).toMatch(/^tak_[A-Za-z0-9_-]{43}$/);
      await snap("created");
      await page.getByRole("button", { name: "Done" }).click();
      const row = page.locator("tbody tr", { hasText: "Voiceflow production" });
      await row.getByText("Active").waitFor();
      // The list shows only the beginning of the key.
      expect(await row.innerText()).not.toContain(key);

      const transcript = conversation();
      const accepted = await ingest(baseUrl, key, transcript);
      expect(accepted).toEqual({ status: 200, body: { imported: 1, updated: 0, rejected: [] } });

      await page.reload();
      await row.getByRole("button", { name: "Revoke" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
      await toastNamed(page, "Key revoked").waitFor();
      await row.getByText("Revoked").waitFor();
      await snap("revoked");
      // On a phone the table scrolls inside its card; the page itself never scrolls sideways.
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.setViewportSize({ width: 1280, height: 800 });

      expect((await ingest(baseUrl, key, transcript)).status).toBe(401);

      await go("/admin/audit-log");
      const events = page.locator("tbody tr", { hasText: "Voiceflow production" });
      await events.first().waitFor();
      const texts = await events.allInnerTexts();
      expect(
        texts.map((text) => (text.includes("Revoked ingest key") ? "revoke" : text.includes("Created ingest key") ? "create" : "other")),
      ).toEqual(["revoke", "create"]);
    }),
  );
});
