/** @jest-environment node */
import { isoInstant, parseInstant } from "@/lib/transcripts/instant";

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
    ["1970-01-01T00:00:00.000Z", null],
    ["2025-03-05T17:04:00+02:00", "2025-03-05T15:04:00.000Z"],
    [1741187040, "2025-03-05T15:04:00.000Z"],
    ["soon", null],
  ])("%p is %p", (value, expected) => {
    expect(isoInstant(value)).toBe(expected);
  });
});
