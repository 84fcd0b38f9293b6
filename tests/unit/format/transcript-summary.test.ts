import { daysLabel, rangeDays, topDevice, uniqueSessions } from "@/lib/format/transcript-summary";

describe("topDevice", () => {
  it.each([
    ["no rows", [], "N/A"],
    ["the most frequent device", [{ device: "mobile" }, { device: "desktop" }, { device: "mobile" }], "mobile"],
    ["os when a row has no device", [{ os: "ios" }, { os: "ios" }, { device: "desktop" }], "ios"],
    ["browser when there is neither", [{ browser: "safari" }, { browser: "safari" }, { device: "mobile" }], "safari"],
    ["device wins over os and browser of the same row", [{ device: "tablet", os: "ios", browser: "safari" }], "tablet"],
    ["'unknown' when a row has none", [{}, {}, { device: "desktop" }], "unknown"],
    ["blank values count as missing", [{ device: " ", os: "linux" }, { device: "", os: "linux" }, { device: "desktop" }], "linux"],
    ["null values count as missing", [{ device: null, os: null, browser: "edge" }], "edge"],
    ["a tie goes to the value seen first", [{ device: "desktop" }, { device: "mobile" }], "desktop"],
    ["a later value can overtake", [{ device: "desktop" }, { device: "mobile" }, { device: "mobile" }], "mobile"],
  ])("%s", (_name, rows, expected) => {
    expect(topDevice(rows)).toBe(expected);
  });
});

describe("uniqueSessions", () => {
  it.each([
    [[], 0],
    [[{ sessionId: "a" }], 1],
    [[{ sessionId: "a" }, { sessionId: "b" }, { sessionId: "a" }], 2],
  ])("%p -> %p", (rows, expected) => {
    expect(uniqueSessions(rows)).toBe(expected);
  });
});

describe("rangeDays (Date Range card)", () => {
  const at = (day: number, hour = 0, minute = 0) => new Date(2025, 2, day, hour, minute);
  it.each([
    ["7 days to the minute", at(1, 15, 4), at(8, 15, 4), 7],
    ["a picked start day to the end of a picked end day", at(1), new Date(2025, 2, 7, 23, 59, 59, 999), 7],
    ["one day", at(5), new Date(2025, 2, 5, 23, 59, 59, 999), 1],
    ["a few hours count as a day", at(5, 9), at(5, 11), 1],
    ["an empty range counts as a day", at(5), at(5), 1],
    ["90 days", new Date(Date.UTC(2025, 0, 1)), new Date(Date.UTC(2025, 3, 1)), 90],
  ])("%s", (_name, start, end, expected) => {
    expect(rangeDays(start, end)).toBe(expected);
  });

  it.each([
    [1, "1 day"],
    [7, "7 days"],
    [90, "90 days"],
  ])("%p -> %p", (days, expected) => {
    expect(daysLabel(days)).toBe(expected);
  });
});
