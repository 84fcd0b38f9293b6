import { lengthHistogram, medianOfCounts, rate } from "@/lib/insights/insight-math";

describe("rate", () => {
  it("divides, and is null when there is nothing to divide", () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 4)).toBe(0);
    expect(rate(0, 0)).toBeNull();
  });
});

describe("medianOfCounts", () => {
  it("is the middle value of an odd number of values", () => {
    // 2, 2, 3, 9, 9
    expect(
      medianOfCounts(
        new Map([
          [9, 2],
          [2, 2],
          [3, 1],
        ]),
      ),
    ).toBe(3);
  });

  it("is the mean of the two middle values of an even number", () => {
    // 1, 4, 5, 5
    expect(
      medianOfCounts(
        new Map([
          [5, 2],
          [1, 1],
          [4, 1],
        ]),
      ),
    ).toBe(4.5);
    expect(medianOfCounts(new Map([[7, 6]]))).toBe(7);
  });

  it("is null for no values, and skips empty counts", () => {
    expect(medianOfCounts(new Map())).toBeNull();
    expect(medianOfCounts(new Map([[3, 0]]))).toBeNull();
    expect(
      medianOfCounts(
        new Map([
          [3, 0],
          [8, 1],
        ]),
      ),
    ).toBe(8);
  });
});

describe("lengthHistogram", () => {
  it("puts every length in one bucket, every bucket shown, the last open-ended", () => {
    const histogram = lengthHistogram(
      new Map([
        [0, 1],
        [2, 3],
        [3, 1],
        [10, 2],
        [11, 1],
        [50, 1],
        [51, 4],
      ]),
    );
    expect(histogram.map((bucket) => bucket.bucket)).toEqual([
      "0-2",
      "3-4",
      "5-6",
      "7-8",
      "9-10",
      "11-15",
      "16-20",
      "21-30",
      "31-50",
      "51+",
    ]);
    expect(histogram.map((bucket) => bucket.count)).toEqual([4, 1, 0, 0, 2, 1, 0, 0, 1, 4]);
    expect(histogram[9]).toEqual({ bucket: "51+", min: 51, max: null, count: 4 });
  });
});
