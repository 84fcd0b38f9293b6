// A dashboard search shows where each listed transcript holds it; a transcript opened from the
// search marks it where it occurs in the shown messages, steps from one match to the next (each
// scrolled into view), and clears the marks.
import { DESKTOP, PHONE, inBrowser, pathOf, waitForPath } from "./support/browser";
import { createAccount, tokenFor } from "./support/accounts";
import { seriousAxeViolations } from "./support/axe";
import { signIn } from "./support/ui";
import { apiTranscript, listCallDuring } from "./support/transcripts";
import { shownTurns } from "@/lib/transcript-view/shown-turns";

const EMAIL = "hana.finder@example.com";
const SEARCH = "refund";

describe("search highlighting on the transcript page", () => {
  it(
    "marks the search that found a transcript, steps through its matches and clears them",
    inBrowser("search-highlight", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      const token = await tokenFor(EMAIL);
      await signIn(page, baseUrl, EMAIL);
      await page.getByRole("button", { name: "Last 90 days" }).click();
      await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      const searched = await listCallDuring(page, () => page.getByPlaceholder("Search in transcripts...").fill(SEARCH), { search: SEARCH });
      await page.getByText(`Showing ${searched.body.total} filtered result(s)`).waitFor();

      // Each row shows where its transcript holds the search, marked and in sight in its one-line cell.
      expect(searched.body.transcripts.every((row) => row.searchSnippet?.toLowerCase().includes(SEARCH))).toBe(true);
      const rows = page.getByTestId("transcript-row");
      for (let index = 0; index < (await rows.count()); index++) {
        const cell = rows.nth(index).getByTestId("preview");
        expect(await cell.getAttribute("title")).toBe(searched.body.transcripts[index].searchSnippet);
        const mark = cell.locator("mark").first();
        expect((await mark.textContent())!.toLowerCase()).toBe(SEARCH);
        const [markBox, cellBox] = [await mark.boundingBox(), await cell.boundingBox()];
        expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(cellBox!.x + cellBox!.width);
      }
      await snap("list");

      // The rows of the page carry the search, on wide screens and on phones.
      const cardLink = await page.getByTestId("transcript-card").first().getAttribute("href");
      expect(cardLink).toBe(`/transcript/${searched.body.transcripts[0].id}?search=${SEARCH}`);

      // A transcript of the page with the search in two or more of its messages.
      let chosen = null;
      for (const item of searched.body.transcripts) {
        const turns = shownTurns((await apiTranscript(token, item.id)).dialog);
        const holding = turns.filter((turn) => turn.text.toLowerCase().includes(SEARCH));
        if (holding.length >= 2) {
          chosen = { id: item.id, turns, holding };
          break;
        }
      }
      if (!chosen) throw new Error(`No transcript on the first page holds "${SEARCH}" in two messages`);

      await page.locator(`[data-testid="transcript-row"][data-transcript-id="${chosen.id}"]`).click();
      await waitForPath(page, `/transcript/${chosen.id}`);
      expect(new URL(page.url()).searchParams.get("search")).toBe(SEARCH);
      const bar = page.getByTestId("search-hits");
      await bar.waitFor();
      const marks = page.locator("mark[data-search-match]");
      const total = await marks.count();
      expect(total).toBeGreaterThanOrEqual(chosen.holding.length);
      await bar.getByText(`Match 1 of ${total} for “${SEARCH}”`).waitFor();

      // Every mark is the search, and every message holding it has a mark; no other message has one.
      expect((await marks.allTextContents()).map((text) => text.toLowerCase())).toEqual(Array(total).fill(SEARCH));
      for (const turn of chosen.turns) {
        const inMessage = await page.locator(`[data-testid="message"][data-index="${turn.index}"] mark`).count();
        expect(inMessage > 0).toBe(turn.text.toLowerCase().includes(SEARCH));
      }

      // The current match is marked apart and in view; Next and Previous step through all of them, round.
      const current = page.locator('mark[aria-current="true"]');
      expect(await current.getAttribute("data-search-match")).toBe("0");
      await page.getByRole("button", { name: "Next match" }).click();
      await bar.getByText(`Match 2 of ${total}`).waitFor();
      expect(await current.getAttribute("data-search-match")).toBe("1");
      await page.waitForFunction(() => {
        const box = document.querySelector('mark[aria-current="true"]')!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      await snap("matches");
      await page.getByRole("button", { name: "Previous match" }).click();
      await page.getByRole("button", { name: "Previous match" }).click();
      await bar.getByText(`Match ${total} of ${total}`).waitFor();
      expect(await current.getAttribute("data-search-match")).toBe(String(total - 1));
      await page.keyboard.press("n");
      await bar.getByText(`Match 1 of ${total}`).waitFor();
      await page.keyboard.press("Shift+N");
      await bar.getByText(`Match ${total} of ${total}`).waitFor();

      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        expect(await seriousAxeViolations(page)).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);

      // Clear drops the search from the address and the marks from the page.
      await bar.getByRole("link", { name: "Clear" }).click();
      await page.waitForFunction(() => !location.search);
      expect(pathOf(page)).toBe(`/transcript/${chosen.id}`);
      await bar.waitFor({ state: "detached" });
      expect(await marks.count()).toBe(0);

      // A search that the shown messages do not hold says so.
      await go(`/transcript/${chosen.id}?search=${encodeURIComponent("Zebra  Umbrella")}`);
      await page.getByText("No matches for “Zebra  Umbrella” in these messages").waitFor();
      expect(await marks.count()).toBe(0);
      expect(await page.getByRole("button", { name: "Next match" }).count()).toBe(0);
    }),
  );
});
