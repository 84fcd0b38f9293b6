// Sources end to end: an administrator adds a Voiceflow project (the fake platform on loopback),
// is warned that nothing syncs by itself (this server's scheduler is off and no cron calls), tests
// the connection, syncs now and watches the progress bar, then reads the run's history; the
// dashboard's Source filter lists exactly what the source brought, and a transcript names its
// source. No terminal: the server steps the run itself. (The scheduler: sources-scheduler.e2e.ts.)
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
        const warning = page.getByRole("alert").filter({ hasText: "Nothing is syncing" });
        await warning.getByText("/api/cron/sync").waitFor();
        await card.getByText("No scheduled sync: nothing is syncing (see above)").waitFor();
        await card.getByText(`Base URL: ${fake.baseUrl} · API key: set`).waitFor();
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

        // The dashboard's Source filter: the seeded transcripts came from no source.
        const range = `startTime=${encodeURIComponent(new Date(Date.now() - 6 * 86_400_000).toISOString())}&endTime=${encodeURIComponent(new Date().toISOString())}`;
        await go(`/dashboard?${range}`);
        await page.getByRole("button", { name: /^Source/ }).click();
        await page.getByRole("checkbox", { name: "Support bot" }).check();
        await page.keyboard.press("Escape");
        await page.waitForURL(/[?&]source=/);
        await page.getByTestId("filtered-results").getByText(`Showing ${count} filtered result(s)`).waitFor();
        await page.getByRole("button", { name: "Source Support bot" }).waitFor();
        await snap("dashboard-source-filter");

        await go(`/transcript/${fake.transcripts[0]._id}`);
        await page
          .getByText(fake.transcripts[0].sessionID as string)
          .first()
          .waitFor();
        await page.getByTestId("transcript-origin").getByText("Source: Voiceflow sync: Support bot").waitFor();
        await snap("transcript-source");

        // The other journeys count the shared database's transcripts: the ones brought here go.
        await go("/admin/sources");
        await card.getByRole("button", { name: "Delete with transcripts" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
        await page.getByText("No sources yet: add a Voiceflow project above.").waitFor();
      } finally {
        await fake.close();
      }
    }),
    150_000,
  );
});
