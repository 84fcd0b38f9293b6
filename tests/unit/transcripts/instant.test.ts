/** @jest-environment node */
import { canonicalInstantMs, isoInstant, parseInstant } from "@/lib/transcripts/instant";

const iso = (value: unknown) => parseInstant(value)?.toISOString() ?? null;

describe("parseInstant", () => {
  it.each([
    ["ISO with Z", "2025-03-05T15:04:00.000Z", "2025-03-05T15:04:00.000Z"],
    ["ISO without fraction", "2025-03-05T15:04:00Z", "2025-03-05T15:04:00.000Z"],
    ["ISO with an offset", "2025-03-05T17:04:00+02:00", "2025-03-05T15:04:00.000Z"],
    ["ISO with a compact offset", "2025-03-05T10:04:00-0500", "2025-03-05T15:04:00.000Z"],
    ["ISO without a zone is UTC", "2025-03-05T15:04:00", "2025-03-05T15:04:00.000Z"],
    ["a space instead of T", "2025-03-05 15:04:00.123", "2025-03-05T15:04:00.123Z"],
    ["microseconds", "2025-03-05T15:04:00.123456Z", "2025-03-05T15:04:00.123Z"],
    ["a date only", "2025-03-05", "2025-03-05T00:00:00.000Z"],
    ["epoch milliseconds", 1741187040000, "2025-03-05T15:04:00.000Z"],
    ["epoch seconds", 1741187040, "2025-03-05T15:04:00.000Z"],
    ["fractional epoch seconds", 1741187040.5, "2025-03-05T15:04:00.500Z"],
    ["epoch milliseconds as text", "1741187040000", "2025-03-05T15:04:00.000Z"],
    ["epoch seconds as text", "1741187040", "2025-03-05T15:04:00.000Z"],
    ["a Date", new Date("2025-03-05T15:04:00Z"), "2025-03-05T15:04:00.000Z"],
  ])("reads %s", (_case, value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it.each([
    ["nothing", undefined],
    ["null", null],
    ["an empty string", ""],
    ["prose", "the fifth of March"],
    ["a US date", "03/05/2025"],
    ["day 31 of a 30-day month", "2025-04-31T00:00:00Z"],
    ["day 30 of February, in the platform's usual form", "2025-02-30T10:00:00.000Z"],
    ["24:00, which Date.parse rolls into the next day", "2025-03-05T24:00:00.000Z"],
    ["month 13", "2025-13-01"],
    ["hour 25", "2025-03-05T25:00:00Z"],
    ["before 1990", "1970-01-01T00:00:00Z"],
    ["a year of two digits, which Date.UTC would read as 1999", "0099-01-01T00:00:00Z"],
    ["zero", 0],
    ["after 2200", "2300-01-01T00:00:00Z"],
    ["infinity", Infinity],
    ["an object", { when: "now" }],
    ["a boolean", true],
  ])("refuses %s", (_case, value) => {
    expect(parseInstant(value)).toBeNull();
  });
});

describe("isoInstant", () => {
  it.each([
    ["2025-03-05T15:04:00.000Z", "2025-03-05T15:04:00.000Z"],
    ["2025-03-31T23:59:59.999Z", "2025-03-31T23:59:59.999Z"],
    ["2025-04-31T00:00:00.000Z", null],
    ["2025-02-29T00:00:00.000Z", null],
    ["2024-02-29T00:00:00.000Z", "2024-02-29T00:00:00.000Z"],
    ["2025-03-05T24:00:00.000Z", null],
    ["2025-03-05T15:04:60.000Z", "2025-03-05T15:05:00.000Z"],
    ["1970-01-01T00:00:00.000Z", null],
    ["2025-03-05T17:04:00+02:00", "2025-03-05T15:04:00.000Z"],
    [1741187040, "2025-03-05T15:04:00.000Z"],
    ["soon", null],
  ])("%p is %p", (value, expected) => {
    expect(isoInstant(value)).toBe(expected);
  });
});

describe("canonicalInstantMs", () => {
  it("reads the platform's usual form as Date.parse does, over four centuries", () => {
    // A step of 0.7 days and 12.345 s lands on every month, day, hour and millisecond digit.
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2300, 0, 1); ms += 60_480_000 + 12_345) {
      const text = new Date(ms).toISOString();
      expect(canonicalInstantMs(text)).toBe(ms);
    }
  });

  it.each([
    ["2025-03-05T15:04:05Z", Date.UTC(2025, 2, 5, 15, 4, 5)],
    ["2025-03-05T15:04:05.1Z", Date.UTC(2025, 2, 5, 15, 4, 5, 100)],
    ["2025-03-05T15:04:05.12Z", Date.UTC(2025, 2, 5, 15, 4, 5, 120)],
    ["2000-02-29T00:00:00.000Z", Date.UTC(2000, 1, 29)],
    ["1000-01-01T00:00:00.000Z", Date.UTC(1000, 0, 1)],
  ])("reads %p", (text, expected) => {
    expect(canonicalInstantMs(text)).toBe(expected);
  });

  it.each([
    ["day 31 of a 30-day month", "2025-04-31T00:00:00.000Z"],
    ["29 February of a common year", "2025-02-29T00:00:00.000Z"],
    ["29 February of a century that is not a leap year", "2100-02-29T00:00:00.000Z"],
    ["day 0", "2025-03-00T00:00:00.000Z"],
    ["month 0", "2025-00-05T00:00:00.000Z"],
    ["month 13", "2025-13-05T00:00:00.000Z"],
    ["24:00", "2025-03-05T24:00:00.000Z"],
    ["minute 60", "2025-03-05T15:60:00.000Z"],
    ["second 60", "2025-03-05T15:04:60.000Z"],
    ["a year before 1000", "0999-03-05T15:04:05.000Z"],
    ["a zone offset", "2025-03-05T15:04:05+02:00"],
    ["no zone", "2025-03-05T15:04:05.000"],
    ["a space for T", "2025-03-05 15:04:05.000Z"],
    ["a letter for a digit", "2025-03-0xT15:04:05.000Z"],
    ["a sign in a field", "2025-03-+5T15:04:05.000Z"],
    ["a dot without digits", "2025-03-05T15:04:05.Z"],
    ["microseconds", "2025-03-05T15:04:05.123456Z"],
    ["a date only", "2025-03-05"],
    ["nothing", ""],
  ])("refuses %s", (_case, text) => {
    expect(canonicalInstantMs(text)).toBeNaN();
  });
});
