import "@testing-library/jest-dom";
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { endOfDay, format, startOfDay, subMonths } from "date-fns";
import { AnalyticsDashboard } from "@/components/analytics/analytics-dashboard";
import type { AnalyticsInsights, AnalyticsResponse } from "@/lib/schemas/analytics";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/analytics" }));

// jsdom lays nothing out: give every chart a fixed size instead of measuring its container.
jest.mock("recharts", () => {
  const actual = jest.requireActual("recharts");
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as ReactElement<{ width: number; height: number }>, { width: 640, height: 280 })
        : null,
  };
});

const DAY_MS = 86_400_000;

/**
 * The button of `date` in the custom range's calendar, stepping back a month at a time until it is
 * on screen: the calendar opens on the month the range starts in, which is not always last month.
 */
function calendarDay(popover: HTMLElement, date: Date): HTMLElement {
  const name = new RegExp(format(date, "MMMM d, yyyy"));
  for (let step = 0; step < 48 && within(popover).queryByRole("button", { name }) === null; step++)
    fireEvent.click(within(popover).getByRole("button", { name: /previous month/i }));
  return within(popover).getByRole("button", { name });
}

/** The analytics call answering `body`, and the top questions call answering none. */
function analyticsServer(body: AnalyticsResponse) {
  return (url: string) => ({ body: new URL(url, "http://app.test").pathname === "/api/analytics/top-questions" ? [] : body });
}

/** Insights over `dates`: with figures, or (empty) none at all. */
function insightsOver(dates: string[], empty = false): AnalyticsInsights {
  const rates = empty
    ? { containmentRate: null, fallbackRate: null, helpfulRate: null, medianMessages: null }
    : { containmentRate: 0.75, fallbackRate: 0.1, helpfulRate: 0.8, medianMessages: 4 };
  return {
    ...rates,
    previous: empty ? rates : { containmentRate: 0.7, fallbackRate: 0.125, helpfulRate: null, medianMessages: 4 },
    fallbackOverTime: dates.map((date) => ({ date, rate: empty ? 0 : 0.1, count: empty ? 0 : 1 })),
    handoffOverTime: dates.map((date) => ({ date, rate: empty ? 0 : 0.25, count: empty ? 0 : 2 })),
    ratingsOverTime: dates.map((date) => ({ date, helpful: empty ? 0 : 4, notHelpful: empty ? 0 : 1 })),
    lengthHistogram: [
      { bucket: "0-2", min: 0, max: 2, count: empty ? 0 : 100 },
      { bucket: "51+", min: 51, max: null, count: empty ? 0 : 3 },
    ],
    heatmap: Array.from({ length: 7 * 24 }, (_, index) => ({
      weekday: Math.floor(index / 24),
      hour: index % 24,
      count: empty || index !== 2 * 24 + 14 ? 0 : 12,
    })),
  };
}

function analytics(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    total: 310,
    transcriptsOverTime: Array.from({ length: 31 }, (_, i) => ({ date: format(new Date(2025, 2, 5 + i), "yyyy-MM-dd"), count: 10 })),
    peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 14 ? 40 : 10 })),
    deviceDistribution: [
      { name: "desktop", value: 200 },
      { name: "mobile", value: 110 },
    ],
    osDistribution: [
      { name: "windows", value: 150 },
      { name: "ios", value: 160 },
    ],
    browserDistribution: [
      { name: "chrome", value: 180 },
      { name: "safari", value: 130 },
    ],
    insights: insightsOver(Array.from({ length: 31 }, (_, i) => format(new Date(2025, 2, 5 + i), "yyyy-MM-dd"))),
    ...overrides,
  };
}

const EMPTY: AnalyticsResponse = {
  total: 0,
  transcriptsOverTime: Array.from({ length: 8 }, (_, i) => ({ date: format(new Date(2020, 0, 1 + i), "yyyy-MM-dd"), count: 0 })),
  peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0 })),
  deviceDistribution: [],
  osDistribution: [],
  browserDistribution: [],
  insights: insightsOver(
    Array.from({ length: 8 }, (_, i) => format(new Date(2020, 0, 1 + i), "yyyy-MM-dd")),
    true,
  ),
};

function requests(fetch: jest.Mock) {
  return fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://app.test"))
    .filter((url) => url.pathname === "/api/analytics")
    .map((url) => ({
      start: new Date(url.searchParams.get("startTime")!),
      end: new Date(url.searchParams.get("endTime")!),
      tz: url.searchParams.get("tz"),
    }));
}

const card = (label: string) => screen.getAllByTestId("summary-card").find((el) => el.getAttribute("data-label") === label)!;
const value = (label: string) => within(card(label)).getByTestId("summary-value").textContent;
const chart = (title: string) => screen.getAllByTestId("chart-card").find((el) => el.getAttribute("data-chart") === title)!;

beforeAll(() => {
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  signInLocally({ email: "viewer@example.com" });
});

describe("AnalyticsDashboard (Analytics page)", () => {
  it("loads the last 30 days in the viewer's time zone, then shows the cards and the five charts", async () => {
    let answer: (body: AnalyticsResponse) => void = () => undefined;
    const fetch = jest.fn(
      (url: string) =>
        new Promise((resolve) => {
          answer = (body) => resolve({ ok: true, status: 200, statusText: "OK", text: async () => JSON.stringify(body) });
          void url;
        }),
    );
    (globalThis as { fetch: unknown }).fetch = fetch;
    renderWithProviders(<AnalyticsDashboard />);

    expect(screen.getByRole("heading", { name: "Analytics Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(await screen.findByText("Loading analytics...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");

    const [request] = requests(fetch);
    expect(request.tz).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(request.end.getTime() - request.start.getTime()).toBe(30 * DAY_MS);
    expect(Math.abs(request.end.getTime() - Date.now())).toBeLessThan(60_000);
    expect(screen.getByTestId("range-subtitle")).toHaveTextContent(
      `Showing data from ${format(request.start, "MMM d, yyyy")} to ${format(request.end, "MMM d, yyyy")}`,
    );

    await act(async () => answer(analytics()));
    expect(await screen.findByText("Conversations in selected period")).toBeInTheDocument();
    expect(screen.queryByText("Loading analytics...")).not.toBeInTheDocument();
    expect(value("Total Transcripts")).toBe("310");
    expect(value("Peak Hour")).toBe("14:00");
    expect(value("Top Device")).toBe("desktop");
    expect(value("Daily Average")).toBe("10");

    for (const title of ["Transcripts Over Time", "Peak Hours", "Device Distribution", "OS Distribution", "Browser Distribution"]) {
      expect(within(chart(title)).getByRole("heading", { name: title })).toBeInTheDocument();
      expect(chart(title).querySelector("svg.recharts-surface")).not.toBeNull();
      expect(within(chart(title)).queryByText("No data available")).not.toBeInTheDocument();
    }
    // The figures behind each chart, for screen readers, each a link to its conversations.
    expect(within(chart("Peak Hours")).getByRole("rowheader", { name: "14:00" }).nextSibling).toHaveTextContent("40");
    const hour = new URL(within(chart("Peak Hours")).getByRole("link", { name: "14:00" }).getAttribute("href")!, "http://app.test");
    expect(Object.fromEntries(hour.searchParams)).toMatchObject({ hour: "14", tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    const device = new URL(
      within(chart("Device Distribution")).getByRole("link", { name: "desktop" }).getAttribute("href")!,
      "http://app.test",
    );
    expect(device.pathname).toBe("/dashboard");
    expect(device.searchParams.get("device")).toBe("desktop");
    expect(
      new URL(
        within(chart("Browser Distribution")).getByRole("link", { name: "safari" }).getAttribute("href")!,
        "http://app.test",
      ).searchParams.get("browser"),
    ).toBe("safari");
  }, 20_000);

  it("shows the insights beside the period before, each figure a link to its conversations", async () => {
    stubFetch((url) => {
      const path = new URL(url, "http://app.test").pathname;
      if (path === "/api/analytics/top-questions") {
        return {
          body: [
            {
              group: "where is my order <id>",
              example: "Where is my order NW-1?",
              count: 40,
              fallbackRate: 0.25,
              handoffRate: 0.1,
              thumbsDown: 3,
            },
            { group: "do you sell kayaks", example: "do you sell kayaks", count: 12, fallbackRate: 1, handoffRate: 0, thumbsDown: 5 },
          ],
        };
      }
      return { body: analytics() };
    });
    renderWithProviders(<AnalyticsDashboard />);
    const kpi = async (title: string) =>
      within(await screen.findByTestId((id, element) => id === "insight-kpi" && element?.getAttribute("data-kpi") === title));
    const containment = await kpi("Containment");
    expect(containment.getByTestId("kpi-value")).toHaveTextContent("75%");
    expect(containment.getByTestId("kpi-change")).toHaveTextContent("+5 pts vs previous period");
    const handoffs = new URL(containment.getByRole("link", { name: "View handoffs" }).getAttribute("href")!, "http://app.test");
    expect(handoffs.pathname).toBe("/dashboard");
    expect(handoffs.searchParams.get("signal")).toBe("handoff");
    expect((await kpi("Fallback rate")).getByTestId("kpi-change")).toHaveTextContent("−2.5 pts vs previous period");
    expect((await kpi("Helpful answers")).getByTestId("kpi-change")).toHaveTextContent("No earlier data");
    expect((await kpi("Median length")).getByTestId("kpi-value")).toHaveTextContent("4 messages");

    for (const title of ["Fallback Rate", "Handoff Rate", "Helpful vs Not Helpful", "Conversation Length"]) {
      expect(chart(title).querySelector("svg.recharts-surface")).not.toBeNull();
    }
    // Each day's figure links to that day's conversations with the signal.
    const day = new URL(within(chart("Fallback Rate")).getAllByRole("link")[0].getAttribute("href")!, "http://app.test");
    expect(day.searchParams.get("signal")).toBe("fallback");
    expect(Date.parse(day.searchParams.get("endTime")!) - Date.parse(day.searchParams.get("startTime")!)).toBeLessThan(DAY_MS + 3_600_000);
    const longest = new URL(
      within(chart("Conversation Length")).getByRole("link", { name: "51+" }).getAttribute("href")!,
      "http://app.test",
    );
    expect(longest.searchParams.get("minMessages")).toBe("51");
    expect(longest.searchParams.has("maxMessages")).toBe(false);

    const cell = screen.getByRole("link", { name: "Wednesday 14:00: 12 conversations" });
    const cellHref = new URL(cell.getAttribute("href")!, "http://app.test");
    expect(Object.fromEntries(cellHref.searchParams)).toMatchObject({
      weekday: "2",
      hour: "14",
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // The legend reads the colours: none, then one up to the busiest cell's count.
    expect(screen.getByTestId("heatmap-legend")).toHaveTextContent("Conversations per hour:none112");

    const rows = await screen.findAllByTestId("top-question");
    expect(rows.map((row) => within(row).getByRole("link").textContent)).toEqual(["Where is my order NW-1?", "do you sell kayaks"]);
    expect(new URL(within(rows[0]).getByRole("link").getAttribute("href")!, "http://app.test").searchParams.get("questionGroup")).toBe(
      "where is my order <id>",
    );
    fireEvent.click(screen.getByRole("button", { name: "Thumbs-down" }));
    expect(screen.getAllByTestId("top-question").map((row) => within(row).getByRole("link").textContent)).toEqual([
      "do you sell kayaks",
      "Where is my order NW-1?",
    ]);
  }, 20_000);

  it("shows N/A, 0 and No data available for an empty range", async () => {
    stubFetch(analyticsServer(EMPTY));
    renderWithProviders(<AnalyticsDashboard />);
    expect(await screen.findByText("Conversations in selected period")).toBeInTheDocument();
    expect(value("Total Transcripts")).toBe("0");
    expect(value("Peak Hour")).toBe("N/A");
    expect(value("Top Device")).toBe("N/A");
    expect(value("Daily Average")).toBe("0");
    const charts = ["Transcripts Over Time", "Peak Hours", "Device Distribution", "OS Distribution", "Browser Distribution"];
    const insightCharts = ["Fallback Rate", "Handoff Rate", "Helpful vs Not Helpful", "Conversation Length", "Busiest Times"];
    for (const title of [...charts, ...insightCharts]) expect(within(chart(title)).getByText("No data available")).toBeInTheDocument();
    expect(await screen.findByText("No questions in this range")).toBeInTheDocument();
    expect(document.querySelector("svg.recharts-surface")).toBeNull();
  });

  it("shows the Error card when the call fails", async () => {
    stubFetch(() => ({ status: 500, body: { message: "Internal server error" } }));
    renderWithProviders(<AnalyticsDashboard />);
    expect(await screen.findByText("Failed to load analytics data")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Error" })).toBeInTheDocument();
  });

  // The range tests answer with empty figures: no charts to draw keeps them quick.
  it("asks again for the range of each preset", async () => {
    const fetch = stubFetch(analyticsServer(EMPTY));
    renderWithProviders(<AnalyticsDashboard />);
    await screen.findByText("Conversations in selected period");

    for (const days of [7, 90, 30]) {
      fireEvent.click(screen.getByRole("button", { name: `Last ${days} days` }));
      await waitFor(() => expect(screen.getByRole("button", { name: `Last ${days} days` })).toHaveAttribute("aria-pressed", "true"));
      const last = requests(fetch).at(-1)!;
      expect(last.end.getTime() - last.start.getTime()).toBe(days * DAY_MS);
    }
    expect(requests(fetch)).toHaveLength(4);
  }, 20_000);

  it("applies a custom range only once both its ends are picked", async () => {
    const fetch = stubFetch(analyticsServer(EMPTY));
    renderWithProviders(<AnalyticsDashboard />);
    await screen.findByText("Conversations in selected period");

    fireEvent.click(screen.getByRole("button", { name: "Custom Range" }));
    const popover = await screen.findByTestId("custom-range-popover");
    const grids = within(popover).getAllByRole("grid");
    expect(grids).toHaveLength(2);
    expect(within(popover).getByText("Pick the first day of the range.")).toBeInTheDocument();

    const lastMonth = subMonths(new Date(), 1);
    const day = (n: number) => calendarDay(popover, new Date(lastMonth.getFullYear(), lastMonth.getMonth(), n));
    fireEvent.click(day(12));
    expect(within(popover).getByText("Now pick the last day of the range.")).toBeInTheDocument();
    expect(requests(fetch)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");

    fireEvent.click(day(3));
    await waitFor(() => expect(requests(fetch)).toHaveLength(2));
    const last = requests(fetch).at(-1)!;
    expect(last.start).toEqual(startOfDay(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 3)));
    expect(last.end).toEqual(endOfDay(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 12)));
    expect(screen.getByRole("button", { name: "Custom Range" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.queryByTestId("custom-range-popover")).not.toBeInTheDocument());
    expect(screen.getByTestId("range-subtitle")).toHaveTextContent(
      `Showing data from ${format(last.start, "MMM d, yyyy")} to ${format(last.end, "MMM d, yyyy")}`,
    );
  }, 20_000);
  it("refuses a custom range longer than the server accepts, with a message, keeping the first day", async () => {
    const fetch = stubFetch(analyticsServer(EMPTY));
    renderWithProviders(<AnalyticsDashboard />);
    await screen.findByText("Conversations in selected period");

    fireEvent.click(screen.getByRole("button", { name: "Custom Range" }));
    const popover = await screen.findByTestId("custom-range-popover");
    const lastMonth = subMonths(new Date(), 1);
    const dayButton = (month: Date, n: number) => calendarDay(popover, new Date(month.getFullYear(), month.getMonth(), n));
    fireEvent.click(dayButton(lastMonth, 12));

    // Three years back: its 1st lies more than 1,096 days before the first day picked, its 28th within them.
    const threeYearsBack = subMonths(lastMonth, 36);
    fireEvent.click(dayButton(threeYearsBack, 1));
    expect(
      within(popover).getByText("The date range may span at most 1,096 days. Now pick the last day of the range."),
    ).toBeInTheDocument();
    expect(requests(fetch)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");

    fireEvent.click(dayButton(threeYearsBack, 28));
    await waitFor(() => expect(requests(fetch)).toHaveLength(2));
    const last = requests(fetch).at(-1)!;
    expect(last.start).toEqual(startOfDay(new Date(threeYearsBack.getFullYear(), threeYearsBack.getMonth(), 28)));
    expect(last.end).toEqual(endOfDay(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 12)));
  }, 20_000);
});
