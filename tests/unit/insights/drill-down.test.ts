import { drillDownHref, localDate, localDayWithin } from "@/lib/insights/drill-down";

const RANGE = { startTime: "2025-03-01T05:00:00.000Z", endTime: "2025-03-31T03:59:59.999Z" };

describe("localDayWithin", () => {
  it("spans a local day, first to last millisecond, in the zone", () => {
    const { startMs, endMs } = localDayWithin("2025-03-05", "Europe/Paris", 0, Number.MAX_SAFE_INTEGER);
    expect(new Date(startMs).toISOString()).toBe("2025-03-04T23:00:00.000Z");
    expect(new Date(endMs).toISOString()).toBe("2025-03-05T22:59:59.999Z");
  });

  it("spans 23 hours on the day the clocks go forward, and 25 when they go back", () => {
    const spring = localDayWithin("2025-03-09", "America/New_York", 0, Number.MAX_SAFE_INTEGER);
    expect(new Date(spring.startMs).toISOString()).toBe("2025-03-09T05:00:00.000Z");
    expect(spring.endMs + 1 - spring.startMs).toBe(23 * 3_600_000);
    const autumn = localDayWithin("2025-11-02", "America/New_York", 0, Number.MAX_SAFE_INTEGER);
    expect(autumn.endMs + 1 - autumn.startMs).toBe(25 * 3_600_000);
  });

  it("is clipped to the range", () => {
    const { startMs, endMs } = localDayWithin("2025-03-01", "UTC", Date.parse(RANGE.startTime), Date.parse(RANGE.endTime));
    expect(new Date(startMs).toISOString()).toBe(RANGE.startTime);
    expect(new Date(endMs).toISOString()).toBe("2025-03-01T23:59:59.999Z");
  });

  it("is the day an instant falls on", () => {
    expect(localDate(Date.parse("2025-03-05T23:30:00.000Z"), "Europe/Paris")).toBe("2025-03-06");
    expect(localDate(Date.parse("2025-03-05T23:30:00.000Z"), "UTC")).toBe("2025-03-05");
  });
});

describe("drillDownHref", () => {
  it("opens the dashboard on the range with the slice's filters", () => {
    const href = new URL(drillDownHref(RANGE, "Europe/Paris", { filters: { device: "mobile" } }), "http://x");
    expect(href.pathname).toBe("/dashboard");
    expect(Object.fromEntries(href.searchParams)).toEqual({ ...RANGE, device: "mobile" });
  });

  it("narrows to a local day, and carries the time zone for a local-time filter", () => {
    const href = new URL(
      drillDownHref(RANGE, "Asia/Kolkata", { day: "2025-03-10", filters: { signal: "fallback", hour: "9" } }),
      "http://x",
    );
    expect(Object.fromEntries(href.searchParams)).toEqual({
      startTime: "2025-03-09T18:30:00.000Z",
      endTime: "2025-03-10T18:29:59.999Z",
      signal: "fallback",
      hour: "9",
      tz: "Asia/Kolkata",
    });
  });
});
