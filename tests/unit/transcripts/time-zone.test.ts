/** @jest-environment node */
import { dayKey, isValidTimeZone, localDayNumber, offsetMinutes, offsetSegments } from "@/lib/transcripts/time-zone";

describe("time zones", () => {
  it.each([
    ["UTC", true],
    ["Europe/Paris", true],
    ["Asia/Kolkata", true],
    ["America/New_York", true],
    ["Mars/Olympus", false],
    ["", false],
    ["x".repeat(100), false],
  ])("%s is valid: %p", (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it.each([
    ["UTC", "2025-01-15T12:00:00Z", 0],
    ["Asia/Kolkata", "2025-01-15T12:00:00Z", 330],
    ["Asia/Kathmandu", "2025-01-15T12:00:00Z", 345],
    ["America/New_York", "2025-01-15T12:00:00Z", -300],
    ["America/New_York", "2025-07-15T12:00:00Z", -240],
    ["Australia/Lord_Howe", "2025-01-15T12:00:00Z", 660],
    ["Australia/Lord_Howe", "2025-07-15T12:00:00Z", 630],
  ])("%s is %s at UTC offset %p minutes", (zone, at, offset) => {
    expect(offsetMinutes(zone, Date.parse(at))).toBe(offset);
  });

  it("finds the instants where DST starts and ends", () => {
    const segments = offsetSegments("America/New_York", Date.parse("2025-03-01T00:00:00Z"), Date.parse("2025-11-30T00:00:00Z"));
    expect(segments.map((segment) => [new Date(segment.fromMs).toISOString(), segment.offset])).toEqual([
      ["2025-03-01T00:00:00.000Z", -300],
      ["2025-03-09T07:00:00.000Z", -240],
      ["2025-11-02T06:00:00.000Z", -300],
    ]);
  });

  it("finds changes across a year boundary, in the southern hemisphere too", () => {
    const northern = offsetSegments("America/New_York", Date.parse("2024-10-01T00:00:00Z"), Date.parse("2025-04-01T00:00:00Z"));
    expect(northern.map((segment) => [new Date(segment.fromMs).toISOString(), segment.offset])).toEqual([
      ["2024-10-01T00:00:00.000Z", -240],
      ["2024-11-03T06:00:00.000Z", -300],
      ["2025-03-09T07:00:00.000Z", -240],
    ]);
    const southern = offsetSegments("Australia/Lord_Howe", Date.parse("2024-12-01T00:00:00Z"), Date.parse("2025-12-01T00:00:00Z"));
    expect(southern.map((segment) => segment.offset)).toEqual([660, 630, 660]);
  });

  it("agrees with a direct lookup on every hour of a year", () => {
    const start = Date.parse("2025-01-01T00:00:00Z");
    const end = Date.parse("2025-12-31T23:00:00Z");
    for (const zone of ["Europe/London", "America/Santiago"]) {
      const segments = offsetSegments(zone, start, end);
      for (let at = start; at <= end; at += 3_600_000 * 7) {
        const segment = [...segments].reverse().find((s) => s.fromMs <= at)!;
        expect([zone, new Date(at).toISOString(), segment.offset]).toEqual([zone, new Date(at).toISOString(), offsetMinutes(zone, at)]);
      }
    }
  });

  it("has one segment where nothing changes", () => {
    expect(offsetSegments("Asia/Kolkata", Date.parse("2025-01-01T00:00:00Z"), Date.parse("2025-12-31T00:00:00Z"))).toHaveLength(1);
  });

  it("numbers local days", () => {
    const instant = Date.parse("2025-03-05T20:00:00Z");
    expect(dayKey(localDayNumber(instant, 0))).toBe("2025-03-05");
    expect(dayKey(localDayNumber(instant, 330))).toBe("2025-03-06");
    expect(dayKey(localDayNumber(Date.parse("2025-03-05T03:00:00Z"), -300))).toBe("2025-03-04");
  });
});
