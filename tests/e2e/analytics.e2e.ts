// The Analytics page in the browser, over the seeded transcripts: the default 30 days, the
// presets and a custom range change the figures, the five charts draw, and a range long before
// the data shows No data available everywhere. Screens at desktop and phone width.
import type { Page, Response } from "playwright-core";
import { endOfDay, format, startOfDay, subMonths } from "date-fns";
import { db } from "@/lib/server/db";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";
import { DESKTOP, PHONE, inBrowser } from "./support/browser";
import { goBackTo } from "./support/calendar";
import { browserNow } from "./support/clock";
import { createAccount } from "./support/accounts";
import { seriousAxeViolations } from "./support/axe";
import { readServerState } from "./support/server-state";
import { signIn } from "./support/ui";

const EMAIL = "analyst@example.com";
const CHARTS = ["Transcripts Over Time", "Peak Hours", "Device Distribution", "OS Distribution", "Browser Distribution"];

function cardValue(page: Page, label: string) {
  return page.locator(`[data-testid=summary-card][data-label="${label}"] [data-testid=summary-value]`);
}

async function figures(page: Page) {
  const read = async (label: string) => ((await cardValue(page, label).textContent()) ?? "").trim();
  return {
    total: await read("Total Transcripts"),
    peakHour: await read("Peak Hour"),
    topDevice: await read("Top Device"),
    dailyAverage: await read("Daily Average"),
  };
}

/**
 * Points at the Peak Hours bar of `hour` and returns the tooltip's lines. A chart still settling
 * (its layout shifts as fonts and sizes arrive) can move the bar away from a pointer that arrived
 * early, so the pointer leaves and comes back, in steps, to where the bar is now, until the tooltip
 * names the hour.
 */
async function peakHoursTooltipOver(page: Page, hour: number): Promise<string[]> {
  const bar = page.locator('[data-chart="Peak Hours"] .recharts-bar-rectangle').nth(hour);
  const tooltip = page.locator('[data-chart="Peak Hours"] .recharts-tooltip-wrapper');
  let seen = "";
  for (let attempt = 1; attempt <= 5; attempt++) {
    await page.mouse.move(0, 0);
    await bar.scrollIntoViewIfNeeded();
    const box = await bar.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    const named = await tooltip
      .getByText(`${hour}:00`, { exact: true })
      .waitFor({ timeout: 2_000 })
      .then(
        () => true,
        () => false,
      );
    seen = (await tooltip.innerText().catch(() => "")).trim();
    if (named)
      return seen
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
  }
  throw new Error(`The Peak Hours tooltip did not name ${hour}:00 after five pointings; it last showed ${JSON.stringify(seen)}`);
}

const isAnalyticsCall = (res: Response) => new URL(res.url()).pathname === "/api/analytics";

/** Does `action` and returns the analytics answer it caused, once the page shows it. */
async function analyticsAfter(page: Page, action: () => Promise<void>): Promise<{ url: URL; body: AnalyticsResponse }> {
  const [res] = await Promise.all([page.waitForResponse(isAnalyticsCall), action()]);
  const body = (await res.json()) as AnalyticsResponse;
  await page.locator('[data-testid=analytics-content][aria-busy="false"]').waitFor();
  await page.waitForFunction(
    (total) =>
      document.querySelector('[data-testid=summary-card][data-label="Total Transcripts"] [data-testid=summary-value]')?.textContent ===
      total,
    body.total.toLocaleString("en-US"),
  );
  return { url: new URL(res.url()), body };
}

/** Peak hour and daily average worked out independently of the page's code. */
function expectedFigures(body: AnalyticsResponse) {
  const max = Math.max(...body.peakHours.map((h) => h.count));
  return {
    total: body.total.toLocaleString("en-US"),
    peakHour: max > 0 ? `${body.peakHours.find((h) => h.count === max)!.hour}:00` : "N/A",
    topDevice: body.deviceDistribution[0]?.name ?? "N/A",
    dailyAverage: body.transcriptsOverTime.length ? String(Math.round(body.total / body.transcriptsOverTime.length)) : "0",
  };
}

/** Picks `from`, then `to`, each stepping back to its month when it is not on screen. */
async function pickCustomRange(page: Page, from: Date, to: Date) {
  await page.getByRole("button", { name: "Custom Range" }).click();
  const popover = page.getByTestId("custom-range-popover");
  await popover.waitFor();
  await (await goBackTo(popover, from)).click();
  // One end only: nothing is applied yet.
  await popover.getByText("Now pick the last day of the range.").waitFor();
  await (await goBackTo(popover, to)).click();
}

describe("analytics dashboard", () => {
  it(
    "changes its figures with the presets and a custom range, draws the charts and shows No data available for an empty range",
    inBrowser("analytics", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: EMAIL });
      process.env.DATABASE_URL = readServerState().databaseUrl;
      expect(await db.transcript.count()).toBeGreaterThan(0);

      await signIn(page, baseUrl, EMAIL);
      // The default range's figures come with the page (first-html.e2e.ts); choosing the preset
      // again asks the API for the last 30 days up to this moment.
      await go("/analytics");
      await page.getByTestId("analytics-content").waitFor();
      const first = await analyticsAfter(page, () => page.getByRole("button", { name: "Last 30 days" }).click());
      await page.getByRole("heading", { name: "Analytics Dashboard" }).waitFor();
      expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/dashboard");
      expect(await page.getByRole("button", { name: "Last 30 days" }).getAttribute("aria-pressed")).toBe("true");

      // The request: the last 30 days, in the browser's time zone.
      const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(first.url.searchParams.get("tz")).toBe(browserZone);
      const start = new Date(first.url.searchParams.get("startTime")!);
      const end = new Date(first.url.searchParams.get("endTime")!);
      expect(end.getTime() - start.getTime()).toBe(30 * 86_400_000);
      expect(Math.abs(end.getTime() - browserNow().getTime())).toBeLessThan(120_000);
      expect(await page.getByTestId("range-subtitle").textContent()).toBe(
        `Showing data from ${format(start, "MMM d, yyyy")} to ${format(end, "MMM d, yyyy")}`,
      );

      // Cards as the spec computes them, the caption, and five drawn charts.
      expect(await figures(page)).toEqual(expectedFigures(first.body));
      expect(first.body.total).toBeGreaterThan(0);
      await page.getByText("Conversations in selected period").waitFor();
      for (const title of CHARTS) {
        const chart = page.locator(`[data-testid=chart-card][data-chart="${title}"]`);
        await chart.locator("svg.recharts-surface").first().waitFor();
        expect(await chart.getByText("No data available").count()).toBe(0);
      }
      expect(await page.locator('[data-chart="Transcripts Over Time"] .recharts-line-curve').count()).toBe(1);
      expect(await page.locator(".recharts-pie-sector").count()).toBeGreaterThanOrEqual(2);
      // Tooltips: hovering the busiest hour's bar shows that hour and its count.
      const busiest = first.body.peakHours.reduce((top, entry) => (entry.count > top.count ? entry : top));
      expect(await peakHoursTooltipOver(page, busiest.hour)).toEqual([
        `${busiest.hour}:00`,
        `Transcripts: ${busiest.count.toLocaleString("en-US")}`,
      ]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap("last-30-days");

      // Presets: 7 days holds fewer, 90 days all of the seeded 60 days.
      const week = await analyticsAfter(page, () => page.getByRole("button", { name: "Last 7 days" }).click());
      expect(await page.getByRole("button", { name: "Last 7 days" }).getAttribute("aria-pressed")).toBe("true");
      expect(week.body.transcriptsOverTime.length).toBe(8);
      expect(week.body.total).toBeLessThan(first.body.total);
      expect(await figures(page)).toEqual(expectedFigures(week.body));
      const quarter = await analyticsAfter(page, () => page.getByRole("button", { name: "Last 90 days" }).click());
      // Every stored transcript of those 90 days (other journeys may store older ones).
      const quarterStored = await db.transcript.count({
        where: {
          createdAt: { gte: new Date(quarter.url.searchParams.get("startTime")!), lte: new Date(quarter.url.searchParams.get("endTime")!) },
        },
      });
      expect(quarterStored).toBeGreaterThan(0);
      expect(quarter.body.total).toBe(quarterStored);
      expect(quarter.body.total).toBeGreaterThan(first.body.total);
      expect(await figures(page)).toEqual(expectedFigures(quarter.body));

      // Custom range within the data: the 1st to the 10th of last month, whole days.
      const lastMonth = subMonths(browserNow(), 1);
      const from = new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 1);
      const to = new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 10);
      const custom = await analyticsAfter(page, () => pickCustomRange(page, to, from));
      expect(new Date(custom.url.searchParams.get("startTime")!).getTime()).toBe(startOfDay(from).getTime());
      expect(new Date(custom.url.searchParams.get("endTime")!).getTime()).toBe(endOfDay(to).getTime());
      expect(custom.body.transcriptsOverTime.map((d) => d.date)).toEqual(
        Array.from({ length: 10 }, (_, i) => format(new Date(from.getFullYear(), from.getMonth(), i + 1), "yyyy-MM-dd")),
      );
      expect(custom.body.total).toBeGreaterThan(0);
      expect(await figures(page)).toEqual(expectedFigures(custom.body));
      expect(await page.getByRole("button", { name: "Custom Range" }).getAttribute("aria-pressed")).toBe("true");
      expect(await page.getByTestId("range-subtitle").textContent()).toBe(
        `Showing data from ${format(from, "MMM d, yyyy")} to ${format(to, "MMM d, yyyy")}`,
      );

      // The calendar at both widths (opened again: it shows the applied range).
      await page.getByRole("button", { name: "Custom Range" }).click();
      await page.getByTestId("custom-range-popover").waitFor();
      await snap("custom-range-calendar");
      await page.setViewportSize(PHONE);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press("Escape");
      await page.getByTestId("custom-range-popover").waitFor({ state: "detached" });

      // A custom range a year before the data: nothing anywhere.
      const longAgo = subMonths(browserNow(), 13);
      const emptyFrom = new Date(longAgo.getFullYear(), longAgo.getMonth(), 3);
      const emptyTo = new Date(longAgo.getFullYear(), longAgo.getMonth(), 20);
      const empty = await analyticsAfter(page, () => pickCustomRange(page, emptyFrom, emptyTo));
      expect(empty.body.total).toBe(0);
      expect(await figures(page)).toEqual({ total: "0", peakHour: "N/A", topDevice: "N/A", dailyAverage: "0" });
      // The five charts of the spec and the five of the insights.
      expect(await page.getByText("No data available").count()).toBe(10);
      await page.getByText("No questions in this range").waitFor();
      expect(await page.locator("[data-testid=chart-card] svg.recharts-surface").count()).toBe(0);
      await snap("empty-range");

      // Phone width: no sideways scrolling, and the charts still draw.
      await analyticsAfter(page, () => page.getByRole("button", { name: "Last 30 days" }).click());
      await page.setViewportSize(PHONE);
      // The charts follow the new width once their containers report it.
      await page
        .waitForFunction((width) => document.documentElement.scrollWidth <= width, PHONE.width, { timeout: 5_000 })
        .catch(() => undefined);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await page.locator("[data-testid=chart-card] svg.recharts-surface").count()).toBeGreaterThanOrEqual(5);
      await page.setViewportSize(DESKTOP);
    }),
    120_000,
  );
});
