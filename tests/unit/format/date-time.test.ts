import { formatDate, formatDateTime } from "@/lib/format/date-time";

// Local-time constructors, so the expectations hold in any time zone.
describe("formatDateTime ('Mar 5, 2025, 3:04 PM')", () => {
  it.each([
    [new Date(2025, 2, 5, 15, 4), "Mar 5, 2025, 3:04 PM"],
    [new Date(2024, 11, 31, 0, 0), "Dec 31, 2024, 12:00 AM"],
    [new Date(2026, 0, 1, 12, 30), "Jan 1, 2026, 12:30 PM"],
    [new Date(2025, 2, 5, 15, 4).toISOString(), "Mar 5, 2025, 3:04 PM"],
    [new Date(2025, 2, 5, 15, 4).getTime(), "Mar 5, 2025, 3:04 PM"],
    ["not a date", "N/A"],
    ["", "N/A"],
    [null, "N/A"],
    [undefined, "N/A"],
  ])("%p -> %p", (value, expected) => {
    expect(formatDateTime(value)).toBe(expected);
  });
});

describe("formatDate", () => {
  it.each([
    [new Date(2025, 2, 5, 15, 4), "Mar 5, 2025"],
    [null, "N/A"],
  ])("%p -> %p", (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});
