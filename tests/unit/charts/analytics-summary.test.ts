import { dailyAverage, peakHourLabel, topDeviceName } from "@/lib/charts/analytics-summary";

const hours = (counts: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => ({ hour, count: counts[hour] ?? 0 }));

describe("peakHourLabel (the busiest hour as hour:00, N/A if none)", () => {
  it.each([
    ["one busy hour", hours({ 14: 9, 3: 2 }), "14:00"],
    ["midnight", hours({ 0: 5 }), "0:00"],
    ["a single-digit hour keeps one digit", hours({ 9: 5, 10: 4 }), "9:00"],
    ["a tie goes to the earliest hour", hours({ 20: 7, 8: 7 }), "8:00"],
    [
      "ties in any order",
      [
        { hour: 20, count: 7 },
        { hour: 8, count: 7 },
      ],
      "8:00",
    ],
    ["all zero", hours({}), "N/A"],
    ["no hours at all", [], "N/A"],
  ])("%s", (_case, peakHours, expected) => {
    expect(peakHourLabel(peakHours)).toBe(expected);
  });
});

describe("topDeviceName (the first entry of the device distribution, N/A if none)", () => {
  it.each([
    [
      [
        { name: "desktop", value: 10 },
        { name: "mobile", value: 4 },
      ],
      "desktop",
    ],
    [[{ name: "unknown", value: 3 }], "unknown"],
    [[], "N/A"],
    [[{ name: "", value: 3 }], "N/A"],
  ])("%j -> %p", (distribution, expected) => {
    expect(topDeviceName(distribution)).toBe(expected);
  });
});

describe("dailyAverage (total over the days of the series, rounded; 0 if empty)", () => {
  const days = (n: number) => Array.from({ length: n }, (_, i) => ({ date: `2025-03-${String(i + 1).padStart(2, "0")}`, count: 0 }));
  it.each([
    [100, 31, 3],
    [93, 31, 3],
    [47, 31, 2],
    [46, 31, 1],
    [7, 7, 1],
    [0, 31, 0],
    [600, 61, 10],
    [12, 0, 0],
  ])("total %p over %p days -> %p", (total, dayCount, expected) => {
    expect(dailyAverage(total, days(dayCount))).toBe(expected);
  });
});
