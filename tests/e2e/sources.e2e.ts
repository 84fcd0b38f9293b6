// Sources end to end: an administrator adds a Voiceflow project (the fake platform on loopback),
// tests the connection, syncs now and watches the progress bar, then reads the run's history, and
// the transcripts are in the portal. No terminal, no scheduler: the server steps the run itself.
import { inBrowser, waitForPath } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { startFakeVoiceflow } from "../helpers/fake-voiceflow";

describe("sources", () => {
  it(
    "adds a project, tests the connection, syncs now with a progress bar and shows the run",
    inBrowser("sources", async ({ page, go, baseUrl, snap }) => {
      const count = 400;
      const fake = await startFakeVoiceflow({ count, days: 5, endMs: Date.now() - 60_000, seed: "e2e-sources" });
      fake.switches.detailDelayMs = 40;
      try {
        const admin = "sources.admin@example.com";
        await createAccount({ email: admin, isAdmin: true });
        await signIn(page, baseUrl, admin);
        await go("/admin");
        await page.getByRole("link", { name: "Sources" }).click();
        await waitForPath(page, "/admin/sources");
        await page.getByText("No sources yet: add a Voiceflow project above.").waitFor();

        await page.getByLabel("Name").fill("Support bot");
        await page.getByLabel("API", { exact: true }).selectOption("voiceflow-v1");
        await page.getByLabel("Project ID").fill(fake.projectId);
        await page.getByLabel("API key").fill(fake.apiKey);
        await page.getByLabel("Base URL (optional)").fill(fake.baseUrl);
        await page.getByRole("button", { name: "Add source" }).click();
        const card = page.getByRole("region", { name: "Support bot" });
        await card.waitFor();
        await card.getByText("Idle").waitFor();
        await snap("added");

        await card.getByRole("button", { name: "Test connection" }).click();
        await card.getByText(/^Connected: \d+ transcripts in the last 7 days$/).waitFor();

        await card.getByRole("button", { name: "Sync now" }).click();
        const bar = card.getByRole("progressbar");
        await bar.waitFor();
        await card.getByText(/transcripts? fetched$/).waitFor();
        await snap("running");
        await card.getByText("Idle").waitFor({ timeout: 60_000 });
        await card.getByText("Last runs").click();
        await card
          .getByRole("list", { name: "Sync runs" })
          .getByText(`${count} fetched · ${count} new · 0 updated · 0 unchanged · 0 rejected`)
          .waitFor();
        expect(await card.getByText("Last sync: Never").count()).toBe(0);
        await snap("synced");

        const stored = await fetch(`${baseUrl}/api/admin/sources`, {
          headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
        });
        expect(stored.status).toBe(200);
        expect(JSON.stringify(await stored.json())).not.toContain(fake.apiKey);

        await go(`/transcript/${fake.transcripts[0]._id}`);
        await page
          .getByText(fake.transcripts[0].sessionID as string)
          .first()
          .waitFor();
      } finally {
        await fake.close();
      }
    }),
  );
});
