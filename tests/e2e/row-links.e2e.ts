// The list's rows are links: the address shows on hover, a Ctrl/Cmd click or a middle click opens
// the transcript in a new tab and leaves the list as it was, a plain click opens it in place and
// Back returns to the same page of the list.
import type { Page } from "playwright-core";
import { inBrowser, waitForPath } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { listCallDuring } from "./support/transcripts";

const EMAIL = "lina.links@example.com";

/** A row's preview cell: a place on the row away from its id. */
const previewOf = (page: Page, id: string) =>
  page.locator(`[data-testid="transcript-row"][data-transcript-id="${id}"] [data-testid="preview"]`);

describe("rows are links", () => {
  it(
    "opens a row in a new tab, and in place keeping the list",
    inBrowser("row-links", async ({ page, context, baseUrl, snap }) => {
      await createAccount({ email: EMAIL });
      await signIn(page, baseUrl, EMAIL);
      await page.getByRole("button", { name: "Last 30 days" }).click();
      await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      const nav = page.getByRole("navigation", { name: "Pagination" });
      const second = await listCallDuring(page, () => nav.getByRole("button", { name: "Next" }).click(), { page: "2" });
      await page.getByText(/^Showing 21 - 40 of /).waitFor();
      const listAddress = page.url();
      const [first, other] = second.body.transcripts.map((item) => item.id);

      // The row's link, under the pointer anywhere on the row, names the transcript's address.
      await previewOf(page, first).hover({ force: true });
      const href = await page.evaluate(() =>
        (document.querySelectorAll("a:hover")[0] as HTMLAnchorElement | undefined)?.getAttribute("href"),
      );
      expect(href).toBe(`/transcript/${encodeURIComponent(first)}`);
      await snap("row-hovered");

      for (const click of [
        () => previewOf(page, first).click({ force: true, modifiers: ["ControlOrMeta"] }),
        () => previewOf(page, other).click({ force: true, button: "middle" }),
      ]) {
        const [tab] = await Promise.all([context.waitForEvent("page"), click()]);
        await tab.waitForLoadState();
        expect(new URL(tab.url()).pathname).toMatch(/^\/transcript\//);
        await tab.getByRole("heading", { name: "Conversation Transcript" }).waitFor();
        await tab.close();
      }
      expect(page.url()).toBe(listAddress);

      await previewOf(page, first).click({ force: true });
      await waitForPath(page, `/transcript/${encodeURIComponent(first)}`);
      await page.getByRole("heading", { name: "Conversation Transcript" }).waitFor();
      await page.goBack();
      await page.getByText(/^Showing 21 - 40 of /).waitFor();
      expect(page.url()).toBe(listAddress);
    }),
  );
});
