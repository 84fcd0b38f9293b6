// The longest range the server accepts (MAX_RANGE_DAYS, lib/schemas/query-params.ts) in the browser:
// the dashboard's Start Date picker and the analytics custom range refuse a longer range with a
// visible message and keep what was picked before; the dashboard then takes a start within it.
import type { Locator, Page } from "playwright-core";
import { format, subMonths } from "date-fns";
import { inBrowser } from "./support/browser";
import { goBackTo } from "./support/calendar";
import { browserNow } from "./support/clock";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";

const EMAIL = "range-limit@example.com";
const MESSAGE = "The date range may span at most 1,096 days.";

async function startDateCalendar(page: Page): Promise<Locator> {
  await page.getByTestId("start-date").click();
  const calendar = page.getByRole("dialog", { name: "Start Date calendar" });
  await calendar.getByRole("grid").first().waitFor();
  return calendar;
}

describe("the longest range", () => {
  it(
    "is refused with a message by the dashboard's Start Date and by the analytics custom range",
    inBrowser("range-limit", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      await signIn(page, baseUrl, EMAIL);

      // The dashboard's range ends now: a start 37 months back is too long, 35 months back is not.
      const shownStart = await page.getByTestId("start-date").textContent();
      const tooEarly = new Date(subMonths(browserNow(), 37).setDate(1));
      let calendar = await startDateCalendar(page);
      await (await goBackTo(calendar, tooEarly)).click();
      await page.getByRole("alert").filter({ hasText: MESSAGE }).waitFor();
      expect(await page.getByTestId("start-date").textContent()).toBe(shownStart);
      await snap("dashboard-start-refused");

      const early = new Date(subMonths(browserNow(), 35).setDate(1));
      calendar = await startDateCalendar(page);
      await (await goBackTo(calendar, early)).click();
      await page.getByRole("alert").filter({ hasText: MESSAGE }).waitFor({ state: "detached" });
      expect(await page.getByTestId("start-date").textContent()).toContain(format(early, "MMM d, yyyy"));

      // Analytics: the 12th of last month, then the 1st of the month 36 months before it.
      await go("/analytics");
      await page.getByText("Conversations in selected period").waitFor();
      await page.getByRole("button", { name: "Custom Range" }).click();
      const popover = page.getByTestId("custom-range-popover");
      await popover.waitFor();
      const lastMonth = subMonths(browserNow(), 1);
      await (await goBackTo(popover, new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 12))).click();
      const threeYearsBack = subMonths(lastMonth, 36);
      await (await goBackTo(popover, new Date(threeYearsBack.getFullYear(), threeYearsBack.getMonth(), 1))).click();
      await popover.getByText(`${MESSAGE} Now pick the last day of the range.`).waitFor();
      await snap("analytics-custom-refused");
      // Nothing was applied: the default range stands.
      expect(await page.getByRole("button", { name: "Custom Range" }).getAttribute("aria-pressed")).toBe("false");
      expect(await page.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");
    }),
    120_000,
  );
});
