// Insights in the browser: the Analytics page's insights over the seeded transcripts, and the
// drill-down from a headline figure, a heatmap cell, a chart's day and a top question to the
// dashboard, whose list then holds exactly the number the page showed.
import type { Page, Response } from "playwright-core";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";
import type { TopQuestion } from "@/lib/schemas/insights";
import { inBrowser, toastNamed } from "./support/browser";
import { createAccount } from "./support/accounts";
import { seriousAxeViolations } from "./support/axe";
import { listCallDuring } from "./support/transcripts";
import { signIn } from "./support/ui";

const EMAIL = "insights@example.com";

/** An answer of `pathname` for the last 90 days (not one still arriving for the 30 days the page opens on). */
const isCall = (pathname: string) => (res: Response) => {
  const url = new URL(res.url());
  const days = (Date.parse(url.searchParams.get("endTime") ?? "") - Date.parse(url.searchParams.get("startTime") ?? "")) / 86_400_000;
  return url.pathname === pathname && days > 80;
};

/** Opens the Analytics page on the last 90 days; resolves to its analytics and top questions. */
async function openInsights(page: Page, go: (path: string) => Promise<unknown>) {
  await go("/analytics");
  await page.getByTestId("analytics-content").waitFor();
  const [analytics, top] = await Promise.all([
    page.waitForResponse(isCall("/api/analytics")),
    page.waitForResponse(isCall("/api/analytics/top-questions")),
    page.getByRole("button", { name: "Last 90 days" }).click(),
  ]);
  await page.locator('[data-testid=analytics-content][aria-busy="false"]').waitFor();
  return { analytics: (await analytics.json()) as AnalyticsResponse, top: (await top.json()) as TopQuestion[] };
}

describe("insights", () => {
  it(
    "shows where the bot fails and opens the conversations behind each figure",
    inBrowser("insights", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      await signIn(page, baseUrl, EMAIL);
      let { analytics, top } = await openInsights(page, go);
      const { insights } = analytics;
      expect(analytics.total).toBeGreaterThan(0);
      expect(insights.fallbackRate).toBeGreaterThan(0);
      expect(top.length).toBeGreaterThan(0);

      const kpi = (title: string) => page.locator(`[data-testid=insight-kpi][data-kpi="${title}"]`);
      await kpi("Fallback rate").getByTestId("kpi-value").waitFor();
      const fallbackShare = Math.round(insights.fallbackRate! * 1000) / 10;
      expect(await kpi("Fallback rate").getByTestId("kpi-value").innerText()).toBe(
        `${Number.isInteger(fallbackShare) ? fallbackShare : fallbackShare.toFixed(1)}%`,
      );
      const rated = insights.ratingsOverTime.some((day) => day.helpful + day.notHelpful > 0);
      for (const title of ["Fallback Rate", "Handoff Rate", "Conversation Length", ...(rated ? ["Helpful vs Not Helpful"] : [])]) {
        await page.locator(`[data-testid=chart-card][data-chart="${title}"] svg.recharts-surface`).first().waitFor();
      }
      await page.getByTestId("top-question").first().waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByTestId("insights").scrollIntoViewIfNeeded();
      await snap("insights");

      // A headline figure: every fallback of the range.
      const fallbacks = insights.fallbackOverTime.reduce((sum, day) => sum + day.count, 0);
      let list = await listCallDuring(page, () => kpi("Fallback rate").getByRole("link", { name: "View fallbacks" }).click());
      expect(list.url.searchParams.get("signal")).toBe("fallback");
      expect(list.body.total).toBe(fallbacks);
      await page.getByRole("listitem").filter({ hasText: "Signal: fallback" }).waitFor();
      await page.locator("[data-testid=transcript-row] [data-testid=signal-badge]").filter({ hasText: "Fallback" }).first().waitFor();
      await snap("fallbacks-listed");

      // The busiest heatmap cell: its weekday and hour in the browser's time zone.
      ({ analytics, top } = await openInsights(page, go));
      const busiest = analytics.insights.heatmap.reduce((best, cell) => (cell.count > best.count ? cell : best));
      const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
      const cell = page.getByRole("link", {
        name: `${weekdays[busiest.weekday]} ${busiest.hour}:00: ${busiest.count.toLocaleString("en-US")} conversations`,
      });
      list = await listCallDuring(page, () => cell.click());
      expect(list.body.total).toBe(busiest.count);
      expect(list.url.searchParams.get("tz")).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

      // One day of the fallback rate chart, through its table of figures (the keyboard's way).
      ({ analytics, top } = await openInsights(page, go));
      const day = analytics.insights.fallbackOverTime.find((point) => point.count > 0)!;
      const dayLinks = page.locator('[data-testid=chart-card][data-chart="Fallback Rate"] table a');
      const index = analytics.insights.fallbackOverTime.indexOf(day);
      await dayLinks.nth(index).focus();
      list = await listCallDuring(page, () => page.keyboard.press("Enter"));
      expect(list.body.total).toBe(day.count);

      // A slice of the device distribution, through its table of figures.
      ({ analytics, top } = await openInsights(page, go));
      const device = analytics.deviceDistribution[0];
      const deviceLink = page.locator('[data-testid=chart-card][data-chart="Device Distribution"] table a').first();
      expect(await deviceLink.innerText()).toBe(device.name);
      await deviceLink.focus();
      list = await listCallDuring(page, () => page.keyboard.press("Enter"));
      expect(list.url.searchParams.get("device")).toBe(device.name);
      expect(list.body.total).toBe(device.value);

      // The most asked question.
      ({ analytics, top } = await openInsights(page, go));
      const question = page.getByTestId("top-question").first().getByRole("link", { name: top[0].example, exact: true });
      await question.waitFor();
      list = await listCallDuring(page, () => question.click());
      expect(list.url.searchParams.get("questionGroup")).toBe(top[0].group);
      expect(list.body.total).toBe(top[0].count);
    }),
  );

  it(
    "lets an administrator change the phrase lists and recompute every transcript's signals with a progress bar",
    inBrowser("insight-settings", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: "insights.admin@example.com", isAdmin: true, name: "Ines" });
      await signIn(page, baseUrl, "insights.admin@example.com");
      await go("/admin");
      await page.getByRole("link", { name: "Insights" }).click();
      await page.getByRole("heading", { name: "Insights" }).waitFor();
      const fallback = page.getByRole("textbox", { name: "Fallback phrases" });
      await fallback.waitFor();
      const before = await fallback.inputValue();
      expect(before.split("\n").length).toBeGreaterThan(1);
      await fallback.fill(`${before}\nthat is outside what I can do`);
      await page.getByRole("button", { name: "Save phrases" }).click();
      await toastNamed(page, "Insight settings saved").waitFor();
      await page.reload();
      expect(await page.getByRole("textbox", { name: "Fallback phrases" }).inputValue()).toContain("that is outside what I can do");

      await page.getByRole("button", { name: "Recompute all transcripts" }).click();
      await page.getByRole("progressbar", { name: "Recompute of the signals" }).waitFor();
      await page
        .getByTestId("recompute-progress")
        .getByText(/^Done: [\d,]+ transcripts recomputed\.$/)
        .waitFor({ timeout: 60_000 });
      expect(await page.getByRole("progressbar", { name: "Recompute of the signals" }).getAttribute("aria-valuenow")).toBe("100");
      await snap("insight-settings");
    }),
  );
});
