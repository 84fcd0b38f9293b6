import {
  canGoNext,
  canGoPrevious,
  pageWindow,
  parsePageSize,
  showingRangeText,
  PAGE_SIZE_OPTIONS,
  DEFAULT_PAGE_SIZE,
} from "@/lib/format/pagination";

describe("pageWindow", () => {
  it.each([
    // [current, totalPages, expected]
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    // Current page 3 or lower: pages 1-5.
    [1, 20, [1, 2, 3, 4, 5]],
    [2, 20, [1, 2, 3, 4, 5]],
    [3, 20, [1, 2, 3, 4, 5]],
    // In the middle: current-2 to current+2.
    [4, 20, [2, 3, 4, 5, 6]],
    [10, 20, [8, 9, 10, 11, 12]],
    [17, 20, [15, 16, 17, 18, 19]],
    // Within 2 of the end: the last 5 pages.
    [18, 20, [16, 17, 18, 19, 20]],
    [19, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    // Six pages: the window slides by one.
    [3, 6, [1, 2, 3, 4, 5]],
    [4, 6, [2, 3, 4, 5, 6]],
    [6, 6, [2, 3, 4, 5, 6]],
  ])("page %p of %p -> %p", (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe("showingRangeText", () => {
  it.each([
    [1, 20, 600, "Showing 1 - 20 of 600 transcripts"],
    [2, 20, 600, "Showing 21 - 40 of 600 transcripts"],
    [30, 20, 600, "Showing 581 - 600 of 600 transcripts"],
    [3, 50, 120, "Showing 101 - 120 of 120 transcripts"],
    [1, 10, 7, "Showing 1 - 7 of 7 transcripts"],
    [1, 20, 0, "Showing 0 - 0 of 0 transcripts"],
  ])("page %p of size %p with %p in all -> %p", (page, size, total, expected) => {
    expect(showingRangeText(page, size, total)).toBe(expected);
  });
});

describe("Previous and Next", () => {
  it.each([
    [1, 5, false, true],
    [2, 5, true, true],
    [5, 5, true, false],
    [1, 1, false, false],
  ])("page %p of %p: previous %p, next %p", (page, total, previous, next) => {
    expect(canGoPrevious(page)).toBe(previous);
    expect(canGoNext(page, total)).toBe(next);
  });
});

describe("page sizes", () => {
  it("offers 10, 20, 50 and 100 with 20 by default", () => {
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it.each([
    [10, 10],
    ["50", 50],
    [100, 100],
    [25, 20],
    ["x", 20],
    [null, 20],
    [undefined, 20],
  ])("%p -> %p", (value, expected) => {
    expect(parsePageSize(value)).toBe(expected);
  });
});
