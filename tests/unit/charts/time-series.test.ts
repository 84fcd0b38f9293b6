import { hasCounts, prepareOverTime, preparePeakHours, withDayLabels } from "@/lib/charts/time-series";

describe("prepareOverTime (Transcripts Over Time: date against count)", () => {
  it("keeps every day in order with axis and tooltip labels", () => {
    expect(
      prepareOverTime([
        { date: "2025-03-05", count: 4 },
        { date: "2025-03-06", count: 0 },
        { date: "2025-12-31", count: 2 },
      ]),
    ).toEqual([
      { date: "2025-03-05", label: "Mar 5", fullLabel: "Wed, Mar 5, 2025", count: 4 },
      { date: "2025-03-06", label: "Mar 6", fullLabel: "Thu, Mar 6, 2025", count: 0 },
      { date: "2025-12-31", label: "Dec 31", fullLabel: "Wed, Dec 31, 2025", count: 2 },
    ]);
  });

  it("shows a date that does not parse as it came", () => {
    expect(prepareOverTime([{ date: "someday", count: 1 }])).toEqual([
      { date: "someday", label: "someday", fullLabel: "someday", count: 1 },
    ]);
  });

  it("is empty for an empty series", () => {
    expect(prepareOverTime([])).toEqual([]);
  });
});

describe("withDayLabels (the insights' daily series)", () => {
  it("adds the labels to each day and keeps its other fields", () => {
    expect(withDayLabels([{ date: "2025-03-05", rate: 0.25, count: 8 }])).toEqual([
      { date: "2025-03-05", rate: 0.25, count: 8, label: "Mar 5", fullLabel: "Wed, Mar 5, 2025" },
    ]);
  });
});

describe("preparePeakHours (Peak Hours: hour against count)", () => {
  it("gives all 24 hours in order, zero where missing, ignoring hours out of range", () => {
    const points = preparePeakHours([
      { hour: 23, count: 4 },
      { hour: 0, count: 1 },
      { hour: 14, count: 9 },
      { hour: 24, count: 100 },
      { hour: -1, count: 100 },
    ]);
    expect(points).toHaveLength(24);
    expect(points.map((p) => p.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(points[0]).toEqual({ hour: 0, label: "0:00", count: 1 });
    expect(points[14]).toEqual({ hour: 14, label: "14:00", count: 9 });
    expect(points[23]).toEqual({ hour: 23, label: "23:00", count: 4 });
    expect(points.reduce((sum, p) => sum + p.count, 0)).toBe(14);
  });
});

describe("hasCounts (No data available when a chart is empty)", () => {
  it.each([
    [[], false],
    [[{ count: 0 }, { count: 0 }], false],
    [[{ count: 0 }, { count: 3 }], true],
  ])("%j -> %p", (points, expected) => {
    expect(hasCounts(points)).toBe(expected);
  });
});
