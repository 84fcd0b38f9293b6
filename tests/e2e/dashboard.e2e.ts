// The dashboard in the browser, over the seeded transcripts: fetch a range, read the summary
// cards, page through the list, filter by text and session, pick dates, and open a transcript.
import { DESKTOP, PHONE, inBrowser, waitForPath } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { listCallDuring } from "./support/transcripts";

const EMAIL = "dana.lists@example.com";

describe("the Transcript Analytics dashboard", () => {
  it(
    "fetches, pages, filters, picks dates and opens a transcript",
    inBrowser("dashboard", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      await signIn(page, baseUrl, EMAIL);
      await page.getByRole("heading", { name: "Transcript Analytics" }).waitFor();
      await page.getByText("No transcripts found").waitFor();
      expect(await page.getByText("Try adjusting your date range or fetch transcripts to see data").isVisible()).toBe(true);
      expect(await page.getByText("Total Transcripts").count()).toBe(0);
      await snap("before-fetch");

      // Fetch the default range: the last 7 days, 20 a page.
      const first = await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      expect(first.url.searchParams.get("page")).toBe("1");
      expect(first.url.searchParams.get("limit")).toBe("20");
      const spanDays =
        (Date.parse(first.url.searchParams.get("endTime")!) - Date.parse(first.url.searchParams.get("startTime")!)) / 86_400_000;
      expect(Math.round(spanDays)).toBe(7);
      const { total, totalPages, transcripts } = first.body;
      expect(total).toBeGreaterThan(40);
      await page.getByRole("heading", { name: `Transcripts (${transcripts.length})` }).waitFor();
      expect(await page.getByTestId("summary-total").textContent()).toBe(total.toLocaleString("en-US"));
      expect(await page.getByTestId("summary-sessions").textContent()).toBe(String(new Set(transcripts.map((t) => t.sessionId)).size));
      expect(await page.getByTestId("summary-range").textContent()).toBe("7 days");
      expect((await page.getByTestId("summary-device").textContent())?.length).toBeGreaterThan(0);
      expect(await page.getByTestId("pagination-range").textContent()).toBe(`Showing 1 - 20 of ${total} transcripts`);
      const firstRow = page.getByTestId("transcript-row").first();
      const cells = await firstRow.getByRole("cell").allTextContents();
      expect(cells[0]).toBe(`${transcripts[0].id.slice(0, 8)}...`);
      expect(cells[2]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
      expect(cells[4]).toBe(`${transcripts[0].messageCount} turns`);
      expect(await page.evaluate(() => sessionStorage.getItem("transcriptsFetched"))).toBe("true");
      await snap("fetched");

      // Pages: Previous disabled on page 1; Next; a page button; the last page disables Next.
      const nav = page.getByRole("navigation", { name: "Pagination" });
      expect(await nav.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
      const second = await listCallDuring(page, () => nav.getByRole("button", { name: "Next" }).click(), { page: "2" });
      expect(second.body.transcripts[0].id).not.toBe(transcripts[0].id);
      await page.getByText(`Showing 21 - 40 of ${total} transcripts`).waitFor();
      await listCallDuring(page, () => nav.getByRole("button", { name: `Page ${totalPages}` }).click(), { page: String(totalPages) });
      await page.getByText(`Showing ${(totalPages - 1) * 20 + 1} - ${total} of ${total} transcripts`).waitFor();
      expect(await nav.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

      // The per-page size goes back to page 1.
      await page.getByTestId("page-size").click();
      const fifty = await listCallDuring(page, () => page.getByRole("option", { name: "50" }).click(), { limit: "50" });
      expect(fifty.url.searchParams.get("page")).toBe("1");
      await page.getByText(`Showing 1 - 50 of ${total} transcripts`).waitFor();

      // The fetched flag survives a reload: the list comes back without pressing Fetch.
      await page.reload();
      await page.getByText(`Showing 1 - 50 of ${total} transcripts`).waitFor();

      // A quick range: 30 days, page 1.
      const month = await listCallDuring(page, () => page.getByRole("button", { name: "Last 30 days" }).click());
      expect(month.url.searchParams.get("page")).toBe("1");
      expect(month.body.total).toBeGreaterThan(total);
      await page.getByTestId("summary-range").filter({ hasText: "30 days" }).waitFor();

      // Search goes to the server once typing pauses, and back to page 1.
      await listCallDuring(page, () => page.getByRole("navigation", { name: "Pagination" }).getByRole("button", { name: "Next" }).click(), {
        page: "2",
      });
      const searchBox = page.getByPlaceholder("Search in transcripts...");
      const searched = await listCallDuring(page, () => searchBox.pressSequentially("refund", { delay: 20 }), { search: "refund" });
      expect(searched.url.searchParams.get("page")).toBe("1");
      expect(searched.body.total).toBeGreaterThan(0);
      expect(searched.body.total).toBeLessThan(month.body.total);
      await page.getByText(`Showing ${searched.body.total} filtered result(s)`).waitFor();
      await snap("searched");

      // The session filter narrows to one session.
      const sessionId = searched.body.transcripts[0].sessionId;
      const bySession = await listCallDuring(page, () => page.getByPlaceholder("Filter by Session ID...").fill(sessionId), { sessionId });
      expect(bySession.body.transcripts.length).toBeGreaterThan(0);
      expect(bySession.body.transcripts.every((t) => t.sessionId === sessionId)).toBe(true);
      await page.getByText(`Showing ${bySession.body.total} filtered result(s)`).waitFor();

      // Clearing both brings the whole range back (from the cache: it was read moments ago).
      await page.getByRole("button", { name: "Clear search transcripts" }).click();
      await page.getByRole("button", { name: "Clear session id filter" }).click();
      await page.getByText(`Showing 1 - 50 of ${month.body.total} transcripts`).waitFor();
      expect(await page.getByText(/filtered result/).count()).toBe(0);

      // Start Date: a calendar in a popover, opened from the keyboard; its code comes on demand and
      // the focus moves into it once it is there. The picked day starts the range at its first moment.
      await page.getByTestId("start-date").focus();
      await page.keyboard.press("Enter");
      const calendar = page.getByRole("dialog", { name: "Start Date calendar" });
      await calendar.getByRole("grid").waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role="grid"]') !== null);
      await snap("start-calendar");
      const day = calendar.locator("td:not([data-disabled]) button").first();
      const picked = await listCallDuring(page, () => day.click());
      const start = new Date(picked.url.searchParams.get("startTime")!);
      expect(
        await page.evaluate((iso) => {
          const d = new Date(iso);
          return d.getHours() + d.getMinutes() + d.getSeconds();
        }, start.toISOString()),
      ).toBe(0);
      expect(picked.url.searchParams.get("page")).toBe("1");
      expect(await calendar.count()).toBe(0);

      // Rows are links that open with Enter, and the focus ring shows around the row.
      await page.getByRole("button", { name: "Export" }).focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("transcript-link");
      const focusRing = await page.evaluate(() => getComputedStyle(document.activeElement as Element, "::after").outlineStyle);
      expect(focusRing).not.toBe("none");
      const id = await page.getByTestId("transcript-row").first().getAttribute("data-transcript-id");
      await page.keyboard.press("Enter");
      await waitForPath(page, `/transcript/${id}`);
      await page.getByRole("heading", { name: "Conversation Transcript" }).waitFor();

      // Back returns to the same list.
      await page.getByRole("button", { name: "Back" }).click();
      await waitForPath(page, "/dashboard");
      await page.getByText(`of ${picked.body.total} transcripts`).waitFor();
      // The address carries the view, so the list it shows can be shared.
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(new URL(page.url()).searchParams.get("limit")).toBe("50");

      // Phone width: the page fits; the rows become cards that open the transcript too.
      await page.setViewportSize(PHONE);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await page.getByRole("table").isVisible()).toBe(false);
      const card = page.getByTestId("transcript-card").first();
      expect(await card.isVisible()).toBe(true);
      await card.click();
      await waitForPath(page, `/transcript/${id}`);
      await page.setViewportSize(DESKTOP);
      await go("/dashboard");
      await page.getByText(`of ${picked.body.total} transcripts`).waitFor();
      await snap("list");
    }),
  );

  it(
    "shows the loading skeleton and the error card",
    inBrowser("dashboard-states", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: "dana.states@example.com" });
      await signIn(page, baseUrl, "dana.states@example.com");
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/transcripts?*", async (route) => {
        await held;
        await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Database unavailable" }) });
      });
      await page.getByRole("button", { name: "Fetch Transcripts" }).click();
      await page.getByText("Loading transcripts...").waitFor();
      expect(await page.getByRole("button", { name: "Fetching..." }).isDisabled()).toBe(true);
      await snap("loading");
      release();
      await page.getByText("Failed to load transcripts").waitFor();
      expect(await page.getByText("Database unavailable").isVisible()).toBe(true);
      await snap("error");
    }),
  );
});
