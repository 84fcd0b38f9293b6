import { OTHER_SLICE, PIE_PALETTE, barChartHeight, hasValues, prepareBarRows, preparePieSlices } from "@/lib/charts/distribution";

const entries = (...values: [string, number][]) => values.map(([name, value]) => ({ name, value }));

describe("PIE_PALETTE (six colours)", () => {
  it("has six distinct colours", () => {
    expect(PIE_PALETTE).toHaveLength(6);
    expect(new Set(PIE_PALETTE).size).toBe(6);
  });
});

describe("preparePieSlices", () => {
  it("colours slices in palette order, largest first, with their share", () => {
    expect(preparePieSlices(entries(["mobile", 25], ["desktop", 75]))).toEqual([
      { name: "desktop", value: 75, color: PIE_PALETTE[0], percent: 75 },
      { name: "mobile", value: 25, color: PIE_PALETTE[1], percent: 25 },
    ]);
  });

  it("leaves out empty entries", () => {
    expect(preparePieSlices(entries(["desktop", 2], ["tablet", 0])).map((s) => s.name)).toEqual(["desktop"]);
  });

  it("keeps six entries as six colours", () => {
    const slices = preparePieSlices(entries(["a", 6], ["b", 5], ["c", 4], ["d", 3], ["e", 2], ["f", 1]));
    expect(slices.map((s) => s.color)).toEqual([...PIE_PALETTE]);
  });

  it("sums the smallest into Other when there are more entries than colours", () => {
    const slices = preparePieSlices(
      entries(["windows", 40], ["ios", 20], ["android", 15], ["macos", 17], ["linux", 2], ["chromeos", 1], ["unknown", 5]),
    );
    expect(slices.map((s) => [s.name, s.value])).toEqual([
      ["windows", 40],
      ["ios", 20],
      ["macos", 17],
      ["android", 15],
      ["unknown", 5],
      [OTHER_SLICE, 3],
    ]);
    expect(new Set(slices.map((s) => s.color)).size).toBe(6);
    expect(slices.reduce((sum, s) => sum + s.value, 0)).toBe(100);
  });

  it("rounds shares to one decimal", () => {
    expect(preparePieSlices(entries(["a", 1], ["b", 2])).map((s) => s.percent)).toEqual([66.7, 33.3]);
  });

  it("is empty without entries", () => {
    expect(preparePieSlices([])).toEqual([]);
  });
});

describe("prepareBarRows (Browser Distribution, horizontal bars)", () => {
  it("orders largest first and leaves out zeros", () => {
    expect(prepareBarRows(entries(["safari", 3], ["chrome", 9], ["edge", 0]))).toEqual(entries(["chrome", 9], ["safari", 3]));
  });
});

describe("barChartHeight", () => {
  it.each([
    [0, 260],
    [3, 260],
    [6, 256 + 4],
    [10, 400],
  ])("%p rows -> %p px", (rows, expected) => {
    expect(barChartHeight(rows)).toBe(expected);
  });
});

describe("hasValues (No data available when a chart is empty)", () => {
  it.each([
    [[], false],
    [entries(["a", 0]), false],
    [entries(["a", 0], ["b", 1]), true],
  ])("%j -> %p", (list, expected) => {
    expect(hasValues(list)).toBe(expected);
  });
});
