import {
  ANALYTICS_PRESETS,
  DEFAULT_ANALYTICS_DAYS,
  customRange,
  presetLabel,
  presetRange,
  rangeSubtitle,
} from "@/lib/charts/analytics-range";

const NOW = new Date(2025, 3, 4, 15, 30, 12);

describe("analytics presets", () => {
  it("offers 7, 30 and 90 days and defaults to 30", () => {
    expect(ANALYTICS_PRESETS).toEqual([7, 30, 90]);
    expect(DEFAULT_ANALYTICS_DAYS).toBe(30);
    expect(ANALYTICS_PRESETS.map((days) => presetLabel(days))).toEqual(["Last 7 days", "Last 30 days", "Last 90 days"]);
  });

  it.each([
    [7, new Date(2025, 2, 28, 15, 30, 12)],
    [30, new Date(2025, 2, 5, 15, 30, 12)],
    [90, new Date(2025, 0, 4, 15, 30, 12)],
  ] as const)("last %p days run from %p to now", (days, start) => {
    expect(presetRange(days, NOW)).toEqual({ start, end: NOW });
  });
});

describe("customRange (applied only when both start and end are picked)", () => {
  it.each([
    ["nothing picked", undefined],
    ["no ends", {}],
    ["only the start", { from: new Date(2025, 2, 1) }],
    ["only the end", { to: new Date(2025, 2, 1) }],
  ])("%s -> not applied", (_case, picked) => {
    expect(customRange(picked)).toBeNull();
  });

  it.each([
    [
      "a range of days",
      { from: new Date(2025, 2, 1, 12), to: new Date(2025, 2, 5, 9) },
      new Date(2025, 2, 1),
      new Date(2025, 2, 5, 23, 59, 59, 999),
    ],
    ["one day", { from: new Date(2025, 2, 1), to: new Date(2025, 2, 1) }, new Date(2025, 2, 1), new Date(2025, 2, 1, 23, 59, 59, 999)],
    [
      "ends given backwards",
      { from: new Date(2025, 2, 5), to: new Date(2025, 2, 1) },
      new Date(2025, 2, 1),
      new Date(2025, 2, 5, 23, 59, 59, 999),
    ],
  ])("%s covers whole days", (_case, picked, start, end) => {
    expect(customRange(picked)).toEqual({ start, end });
  });
});

describe("rangeSubtitle (a subtitle that states the date range)", () => {
  it.each([
    [{ start: new Date(2025, 2, 5, 15, 4), end: NOW }, "Showing data from Mar 5, 2025 to Apr 4, 2025"],
    [{ start: new Date(2024, 11, 31), end: new Date(2024, 11, 31, 23, 59) }, "Showing data from Dec 31, 2024 to Dec 31, 2024"],
  ])("%#", (range, expected) => {
    expect(rangeSubtitle(range)).toBe(expected);
  });
});
