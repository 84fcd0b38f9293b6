// axe-core over the transcript screens in every state a user meets, at desktop and phone width:
// the fetched dashboard, its calendar and export menu, the transcript page and the feedback dialog.
import { inBrowser } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { recordAxeViolations } from "./support/axe";

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
      await recordAxeViolations(page, "dashboard", found);

      await page.getByTestId("end-date").click();
      await page.getByRole("dialog", { name: "End Date calendar" }).getByRole("grid").waitFor();
      await recordAxeViolations(page, "end date calendar", found);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Export" }).click();
      await page.getByRole("menu").waitFor();
      await recordAxeViolations(page, "export menu", found);
      await page.keyboard.press("Escape");

      await page.getByTestId("transcript-row").first().click();
      await page.getByTestId("message").first().waitFor();
      await recordAxeViolations(page, "transcript", found);

      await page.locator('[data-role="bot"]').first().getByRole("button", { name: "Thumbs down" }).click();
      await page.getByRole("dialog", { name: "Provide Feedback" }).waitFor();
      await recordAxeViolations(page, "feedback dialog", found);

      expect(found).toEqual({});
    }),
  );
});
