// A saved view made with a quick range keeps it: opened a day later by a colleague (the page's clock
// moved on a day), it shows the last 7 days up to then, not the dates it was saved on; the menu
// says "Last 7 days"; picking a day in a calendar replaces the quick range with fixed dates.
import { inBrowser, openBrowser } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { listCallDuring } from "./support/transcripts";

const DAY_MS = 86_400_000;
const OWNER = "rosa.relative@example.com";
const COLLEAGUE = "colin.colleague@example.com";
const VIEW = "Handoffs to escalate";

/** How far `instant` (ISO) lies after `from` (epoch ms), in ms. */
const after = (instant: string | null, from: number) => Date.parse(instant ?? "") - from;

describe("a saved view with a relative range", () => {
  it(
    "opens on the last 7 days whenever it is opened, for a colleague a day later too",
    inBrowser("relative-view", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: OWNER });
      await createAccount({ email: COLLEAGUE });
      await signIn(page, baseUrl, OWNER);
      await page.getByRole("button", { name: "Last 7 days" }).click();
      const saved = await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      await page.waitForURL((url) => url.searchParams.get("range") === "7d" && !url.searchParams.has("startTime"));
      await page.getByRole("button", { name: "Saved views" }).click();
      await page.getByRole("menuitem", { name: "Save current view..." }).click();
      await page.getByRole("textbox", { name: "Name" }).fill(VIEW);
      await page.getByRole("checkbox", { name: "Share with everyone" }).check();
      await page.getByRole("button", { name: "Save view" }).click();
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      const colleague = await openBrowser("relative-view-colleague");
      try {
        const dayLater = Date.now() + DAY_MS;
        await colleague.page.clock.install({ time: dayLater });
        await signIn(colleague.page, baseUrl, COLLEAGUE);
        await listCallDuring(colleague.page, () => colleague.page.getByRole("button", { name: "Fetch Transcripts" }).click());
        await colleague.page.getByRole("button", { name: "Saved views" }).click();
        const item = colleague.page.getByRole("menuitem", { name: new RegExp(`^${VIEW}`) });
        await item.getByText("Last 7 days").waitFor();
        await colleague.snap("saved-views-menu");
        const opened = await listCallDuring(colleague.page, () => item.click());
        // The last 7 days up to the colleague's clock, a day after the dates the view was saved with.
        const start = opened.url.searchParams.get("startTime");
        expect(after(start, dayLater - 7 * DAY_MS)).toBeGreaterThanOrEqual(0);
        expect(after(start, dayLater - 7 * DAY_MS)).toBeLessThan(DAY_MS / 2);
        expect(after(start, Date.parse(saved.url.searchParams.get("startTime")!))).toBeGreaterThan(DAY_MS / 2);
        expect(after(opened.url.searchParams.get("endTime"), dayLater)).toBeGreaterThanOrEqual(0);
        await colleague.page.waitForURL((url) => url.searchParams.get("range") === "7d");

        // A day picked in a calendar gives fixed dates; a quick range gives a relative range again.
        await colleague.page.getByTestId("end-date").click();
        const calendar = colleague.page.getByRole("dialog", { name: "End Date calendar" });
        await calendar.getByRole("button", { name: /^Today, / }).click();
        await colleague.page.waitForURL((url) => !url.searchParams.has("range") && url.searchParams.has("startTime"));
        await colleague.page.getByRole("button", { name: "Last 30 days" }).click();
        await colleague.page.waitForURL((url) => url.searchParams.get("range") === "30d" && !url.searchParams.has("endTime"));
        expect(colleague.pageErrors).toEqual([]);
      } finally {
        await colleague.close();
      }
      await snap("owner-dashboard");
    }),
  );
});
