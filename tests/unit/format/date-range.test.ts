import { DEFAULT_RANGE_DAYS, QUICK_RANGE_DAYS, lastDaysRange, pickedEnd, pickedStart } from "@/lib/format/date-range";

describe("date range rules (spec sections 2 and 9)", () => {
  it("defaults to 7 days with quick ranges of 7, 30 and 90", () => {
    expect(DEFAULT_RANGE_DAYS).toBe(7);
    expect(QUICK_RANGE_DAYS).toEqual([7, 30, 90]);
  });

  it.each([7, 30, 90])("last %p days: start N days before now, end now", (days) => {
    const now = new Date(2025, 2, 31, 15, 4, 5);
    const { start, end } = lastDaysRange(days, now);
    expect(end).toEqual(now);
    expect(start).toEqual(new Date(2025, 2, 31 - days, 15, 4, 5));
  });

  it.each([
    [new Date(2025, 2, 5, 15, 4), new Date(2025, 2, 5, 0, 0, 0, 0), new Date(2025, 2, 5, 23, 59, 59, 999)],
    [new Date(2025, 2, 5), new Date(2025, 2, 5), new Date(2025, 2, 5, 23, 59, 59, 999)],
  ])("a picked day %p starts at %p and ends at %p", (day, start, end) => {
    expect(pickedStart(day)).toEqual(start);
    expect(pickedEnd(day)).toEqual(end);
  });
});
