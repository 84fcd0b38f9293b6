import {
  DEFAULT_RANGE_DAYS,
  QUICK_RANGE_DAYS,
  RANGE_TOO_LONG_MESSAGE,
  lastDaysRange,
  pickedEnd,
  pickedStart,
  spansTooManyDays,
} from "@/lib/format/date-range";
import { MAX_RANGE_DAYS } from "@/lib/schemas/query-params";

describe("date range rules", () => {
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

  it.each([
    ["one day", new Date(2025, 2, 5), new Date(2025, 2, 5, 23, 59, 59, 999), false],
    ["1,096 calendar days", new Date(2022, 0, 5), new Date(2025, 0, 4, 23, 59, 59, 999), false],
    ["1,096 calendar days, from a time of day to another", new Date(2022, 0, 5, 15, 4), new Date(2025, 0, 4, 9, 0), false],
    ["1,097 calendar days", new Date(2022, 0, 4), new Date(2025, 0, 4, 23, 59, 59, 999), true],
    ["1,097 calendar days, a minute apart", new Date(2022, 0, 4, 23, 59), new Date(2025, 0, 5, 0, 0), true],
  ])("a range of %s is too long: %p", (_name, start, end, tooLong) => {
    expect(spansTooManyDays(start, end)).toBe(tooLong);
  });

  it("names the longest range in its message", () => {
    expect(MAX_RANGE_DAYS).toBe(1096);
    expect(RANGE_TOO_LONG_MESSAGE).toBe("The date range may span at most 1,096 days.");
  });
});
