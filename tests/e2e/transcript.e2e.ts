// The transcript page in the browser, over the seeded data: the fields
// and turns, safe links, Copy Transcript, rating bot answers (thumbs up at once, thumbs down with
// a comment), the ratings shown again on reopening, and the not-found state.
import { inBrowser } from "./support/browser";
import { browserNow } from "./support/clock";
import { apiGet, createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { apiTranscript, apiTranscripts } from "./support/transcripts";
import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { transcriptCopyText } from "@/lib/transcript-view/copy-text";
import type { MyFeedbackDto } from "@/lib/schemas/feedback";

const EMAIL = "theo.reader@example.com";
const DAY_MS = 86_400_000;

/** A seeded transcript with at least two bot answers, one of them holding a link. */
async function pickTranscript(token: string) {
  const list = await apiTranscripts(token, {
    startTime: new Date(browserNow().getTime() - 60 * DAY_MS).toISOString(),
    endTime: browserNow().toISOString(),
    page: 1,
    limit: 100,
    search: "https://",
  });
  for (const item of list.transcripts) {
    const detail = await apiTranscript(token, item.id);
    const turns = shownTurns(detail.dialog);
    const bots = turns.filter((turn) => turn.role === "bot");
    if (bots.length >= 2 && turns.some((turn) => turn.role === "user") && bots.some((turn) => /https:\/\/\S+/.test(turn.text)))
      return { detail, turns, bots };
  }
  throw new Error("The seed holds no transcript with two bot answers and a link");
}

describe("the transcript page", () => {
  it(
    "shows a transcript, copies it, takes ratings and shows them again",
    inBrowser("transcript", async ({ page, context, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      const token = await tokenFor(EMAIL);
      const { detail, turns, bots } = await pickTranscript(token);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });

      await signIn(page, baseUrl, EMAIL);
      await go(`/transcript/${detail._id}`);
      await page.getByRole("heading", { name: "Conversation Transcript" }).waitFor();
      await page.getByTestId("message").first().waitFor();
      const fields = await page.locator("dl > div").allInnerTexts();
      expect(fields.map((text) => text.split("\n")[0].toUpperCase())).toEqual([
        "TRANSCRIPT ID",
        "SESSION ID",
        "CREATED",
        "UPDATED",
        "TOTAL MESSAGES",
      ]);
      expect(fields[0]).toContain(detail._id);
      expect(fields[1]).toContain(detail.sessionID);
      expect(fields[4]).toContain(`${turns.length} turns`);

      // Only text and request turns, users on the right, the bot on the left.
      const roles = await page.getByTestId("message").evaluateAll((items) => items.map((item) => item.getAttribute("data-role")));
      expect(roles).toEqual(turns.map((turn) => turn.role));
      const userBox = await page.locator('[data-testid="message"][data-role="user"]').first().boundingBox();
      const botBox = await page.locator('[data-testid="message"][data-role="bot"]').first().boundingBox();
      expect(userBox!.x + userBox!.width).toBeGreaterThan(botBox!.x + botBox!.width - 1);
      expect(await page.locator('[data-role="user"] [data-testid="message-feedback"]').count()).toBe(0);
      expect(await page.locator('[data-role="bot"] [data-testid="message-feedback"]').count()).toBe(bots.length);

      // Links: http(s) only, a new tab, no opener.
      const links = page.locator('[data-testid="message"] a');
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) {
        expect(await link.getAttribute("href")).toMatch(/^https?:\/\//);
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
        expect(await link.textContent()).not.toMatch(/[.,;:!?)]$/);
      }
      await snap("transcript");

      // Copy Transcript.
      await page.getByRole("button", { name: "Copy Transcript" }).click();
      await page.locator("li.toast-root", { hasText: "Copied to clipboard" }).waitFor();
      expect(await page.locator("li.toast-root").textContent()).toContain("Transcript has been copied to your clipboard");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(transcriptCopyText(turns));
      expect(copied.split("\n")[0]).toMatch(/^\[\d{1,2}:\d{2}:\d{2} (AM|PM)\] (User|Bot): /);

      // Thumbs up sends at once.
      const firstBot = page.locator(`[data-testid="message"][data-index="${bots[0].index}"]`);
      const secondBot = page.locator(`[data-testid="message"][data-index="${bots[1].index}"]`);
      await firstBot.getByRole("button", { name: "Thumbs up" }).click();
      await page.locator("li.toast-root", { hasText: "Feedback submitted" }).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await firstBot.getByTestId("message-rating").filter({ hasText: "Helpful" }).waitFor();

      // Thumbs down opens Provide Feedback; Cancel forgets the comment.
      await secondBot.getByRole("button", { name: "Thumbs down" }).click();
      const dialog = page.getByRole("dialog", { name: "Provide Feedback" });
      await dialog.waitFor();
      expect(await dialog.getByText(/^Help us improve!/).isVisible()).toBe(true);
      expect(await dialog.getByText("0 / 1000 characters").isVisible()).toBe(true);
      await dialog.getByRole("textbox").fill("draft");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "detached" });
      await secondBot.getByRole("button", { name: "Thumbs down" }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole("textbox").inputValue()).toBe("");
      const comment = "The tracking link points to the wrong order.";
      await dialog.getByRole("textbox").fill(comment);
      expect(await dialog.getByText(`${comment.length} / 1000 characters`).isVisible()).toBe(true);
      await snap("feedback-dialog");
      await dialog.getByRole("button", { name: "Submit Feedback" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.locator("li.toast-root", { hasText: "Feedback submitted" }).waitFor();
      await secondBot.getByTestId("message-rating").filter({ hasText: "Not Helpful" }).waitFor();
      await snap("rated");

      // Stored with the user, one rating per message.
      const stored = await apiGet(`/api/feedback?transcriptId=${encodeURIComponent(detail._id)}`, token);
      expect(stored.status).toBe(200);
      const ratings = (stored.body as MyFeedbackDto[]).map(({ messageIndex, feedbackType, comment: text }) => ({
        messageIndex,
        feedbackType,
        comment: text,
      }));
      expect(ratings.sort((a, b) => a.messageIndex - b.messageIndex)).toEqual([
        { messageIndex: bots[0].index, feedbackType: "thumbs_up", comment: null },
        { messageIndex: bots[1].index, feedbackType: "thumbs_down", comment },
      ]);

      // Reopening shows the earlier ratings.
      await page.reload();
      await firstBot.getByTestId("message-rating").filter({ hasText: "Helpful" }).waitFor();
      await secondBot.getByTestId("message-rating").filter({ hasText: "Not Helpful" }).waitFor();
      expect(await secondBot.getByRole("button", { name: "Thumbs down" }).getAttribute("aria-pressed")).toBe("true");

      // Keyboard: the thumbs are reachable and show their focus.
      await firstBot.getByRole("button", { name: "Thumbs down" }).focus();
      await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Thumbs up");
      expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).boxShadow)).not.toBe("none");
    }),
  );

  it(
    "says Transcript not found for an unknown id",
    inBrowser("transcript-not-found", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: "theo.lost@example.com" });
      await signIn(page, baseUrl, "theo.lost@example.com");
      await go("/transcript/no-such-transcript");
      await page.getByText("Transcript not found").waitFor();
      expect(await page.getByRole("heading", { name: "Conversation Transcript" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Copy Transcript" }).isDisabled()).toBe(true);
      await snap("not-found");
    }),
  );
});
