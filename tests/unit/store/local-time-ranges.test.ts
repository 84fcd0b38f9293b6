/** @jest-environment node */
// The local-time filters' key ranges (hour of day, weekday, both): an instant of the range is in the
// ranges of a local time exactly when its wall clock in the zone reads that time, across changes of
// offset (an hour, half an hour) and at the range's first and last millisecond.
import { localTimeKeyRanges, SORT_KEY_SPREAD, sortKeyRange, weekdayOfDay } from "@/lib/server/store/sort-key";
import { offsetSegments } from "@/lib/transcripts/time-zone";

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function wallClock(ms: number, timeZone: string): { hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23", weekday: "short" }).formatToParts(
    new Date(ms),
  );
  return {
    hour: Number(parts.find((part) => part.type === "hour")!.value),
    weekday: WEEKDAYS.indexOf(parts.find((part) => part.type === "weekday")!.value),
  };
}

const inRanges = (ranges: { low: number; high: number }[], key: number) => ranges.some((range) => key >= range.low && key <= range.high);

describe("localTimeKeyRanges", () => {
  it.each([
    // Summer time begins (an hour skipped) and ends (an hour repeated).
    ["America/New_York", "2025-03-08T03:17:00.000Z", "2025-03-10T22:41:00.000Z"],
    ["America/New_York", "2025-11-01T00:00:00.000Z", "2025-11-03T23:59:59.999Z"],
    // A half-hour offset, and a zone whose clocks move by half an hour.
    ["Asia/Kolkata", "2025-03-08T00:00:00.000Z", "2025-03-09T23:59:59.999Z"],
    ["Australia/Lord_Howe", "2025-04-04T00:00:00.000Z", "2025-04-07T00:00:00.000Z"],
    ["UTC", "2025-01-01T00:00:00.000Z", "2025-01-02T12:00:00.000Z"],
  ])("in %s from %s to %s: every minute is in the ranges of its own hour and weekday only", (zone, start, end) => {
    const startMs = Date.parse(start);
    const endMs = Date.parse(end);
    const { low, high } = sortKeyRange(startMs, endMs);
    const segments = offsetSegments(zone, startMs, endMs);
    const cells = Array.from({ length: 7 * 24 }, (_, cell) =>
      localTimeKeyRanges({ weekday: Math.floor(cell / 24), hour: cell % 24 }, segments, low, high),
    );
    const hours = Array.from({ length: 24 }, (_, hour) => localTimeKeyRanges({ hour, weekday: null }, segments, low, high));
    const weekdays = Array.from({ length: 7 }, (_, weekday) => localTimeKeyRanges({ hour: null, weekday }, segments, low, high));
    for (const ranges of [...cells, ...hours, ...weekdays]) {
      for (const range of ranges) {
        expect(range.low).toBeGreaterThanOrEqual(low);
        expect(range.high).toBeLessThanOrEqual(high);
        expect(range.low).toBeLessThanOrEqual(range.high);
      }
    }
    const instants = [startMs, endMs];
    for (let ms = startMs; ms <= endMs; ms += 60_000) instants.push(ms, ms + 59_999);
    const matching = (lists: { low: number; high: number }[][], key: number) =>
      lists.flatMap((ranges, index) => (inRanges(ranges, key) ? [index] : []));
    for (const ms of instants.filter((one) => one <= endMs)) {
      const { hour, weekday } = wallClock(ms, zone);
      for (const key of [ms * SORT_KEY_SPREAD, ms * SORT_KEY_SPREAD + SORT_KEY_SPREAD - 1]) {
        const found = { cells: matching(cells, key), hours: matching(hours, key), weekdays: matching(weekdays, key) };
        const want = { cells: [weekday * 24 + hour], hours: [hour], weekdays: [weekday] };
        if (JSON.stringify(found) !== JSON.stringify(want))
          throw new Error(`${new Date(ms).toISOString()}: ${JSON.stringify(found)}, reads ${JSON.stringify(want)}`);
      }
    }
  });

  it("holds one range per local day for a span of one offset", () => {
    const startMs = Date.parse("2025-06-01T00:00:00.000Z");
    const endMs = Date.parse("2025-06-30T23:59:59.999Z");
    const { low, high } = sortKeyRange(startMs, endMs);
    const segments = offsetSegments("Europe/Paris", startMs, endMs);
    expect(localTimeKeyRanges({ hour: 14, weekday: null }, segments, low, high)).toHaveLength(30);
    // June 2025 has five Mondays, the 2nd to the 30th.
    expect(localTimeKeyRanges({ hour: 9, weekday: 0 }, segments, low, high)).toHaveLength(5);
  });

  it("names 1970-01-01 a Thursday and 2025-06-02 a Monday", () => {
    expect(weekdayOfDay(0)).toBe(3);
    expect(weekdayOfDay(Date.UTC(2025, 5, 2) / 86_400_000)).toBe(0);
  });
});
