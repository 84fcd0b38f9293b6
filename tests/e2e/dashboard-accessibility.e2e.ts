// axe-core over the transcript screens in every state a user meets, at desktop and phone width:
// the fetched dashboard, its calendar and export menu, the transcript page and the feedback dialog.
import type { Page } from "playwright-core";
import { DESKTOP, PHONE, inBrowser } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { seriousAxeViolations } from "./support/axe";

/** Records the page's violations as it is now, at both widths, under `label`. */
async function checkBothWidths(page: Page, label: string, found: Record<string, string[]>): Promise<void> {
  for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    const violations = await seriousAxeViolations(page);
    if (violations.length) found[`${label} (${size})`] = violations;
  }
  await page.setViewportSize(DESKTOP);
}

describe("accessibility of the transcript screens", () => {
  it(
    "finds no serious or critical axe violations",
    inBrowser("transcript-a11y", async ({ page, baseUrl }) => {
      const found: Record<string, string[]> = {};
      await createAccount({ email: "a11y.reader@example.com" });
      await signIn(page, baseUrl, "a11y.reader@example.com");

      await page.getByRole("button", { name: "Fetch Transcripts" }).click();
      await page.getByRole("navigation", { name: "Pagination" }).waitFor();
      await page.getByPlaceholder("Search in transcripts...").fill("order");
      await page.getByText(/filtered result/).waitFor();
      await checkBothWidths(page, "dashboard", found);

      await page.getByTestId("end-date").click();
      await page.getByRole("dialog", { name: "End Date calendar" }).waitFor();
      await checkBothWidths(page, "end date calendar", found);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Export" }).click();
      await page.getByRole("menu").waitFor();
      await checkBothWidths(page, "export menu", found);
      await page.keyboard.press("Escape");

      await page.getByTestId("transcript-row").first().click();
      await page.getByTestId("message").first().waitFor();
      await checkBothWidths(page, "transcript", found);

      await page.locator('[data-role="bot"]').first().getByRole("button", { name: "Thumbs down" }).click();
      await page.getByRole("dialog", { name: "Provide Feedback" }).waitFor();
      await checkBothWidths(page, "feedback dialog", found);

      expect(found).toEqual({});
    }),
  );
});
