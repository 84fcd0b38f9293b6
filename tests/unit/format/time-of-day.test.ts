import { formatTimeOfDay } from "@/lib/format/time-of-day";

describe("formatTimeOfDay", () => {
  it.each([
    [new Date(2025, 2, 5, 15, 4, 5), "3:04:05 PM"],
    [new Date(2025, 2, 5, 0, 0, 0), "12:00:00 AM"],
    [new Date(2025, 2, 5, 9, 30, 59).toISOString(), "9:30:59 AM"],
    ["garbage", "N/A"],
    ["", "N/A"],
    [null, "N/A"],
    [undefined, "N/A"],
  ])("%p -> %p", (value, expected) => {
    expect(formatTimeOfDay(value)).toBe(expected);
  });
});
