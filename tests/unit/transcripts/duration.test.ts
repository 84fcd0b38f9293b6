/** @jest-environment node */
// A duration exists only with at least 2 text or request turns; it is first to last
// turn in minutes and seconds; otherwise 'N/A'. Only text and request entries count.
import { formatDuration, turnsDurationMs } from "@/lib/transcripts/duration";

const at = (type: string, second: number | null) => ({
  type,
  timestamp: second === null ? null : new Date(Date.UTC(2025, 2, 5, 15, 0, 0) + second * 1000).toISOString(),
});

describe("turnsDurationMs", () => {
  it.each([
    ["no entries", [], null],
    ["one turn", [at("text", 0)], null],
    ["one turn among other entries", [at("launch", 0), at("text", 5), at("debug", 50), at("end", 90)], null],
    ["two turns", [at("text", 0), at("request", 192)], 192_000],
    ["first to last of several", [at("text", 0), at("request", 10), at("text", 12), at("request", 70)], 70_000],
    ["other entries do not stretch it", [at("launch", -100), at("text", 0), at("request", 30), at("end", 500)], 30_000],
    ["turns out of order still span first to last", [at("request", 60), at("text", 0)], 60_000],
    ["turns at the same instant", [at("request", 5), at("text", 5)], 0],
    ["turns without a time are not timed", [at("text", null), at("request", 20), at("text", 50)], 30_000],
    ["two turns but only one with a time", [at("text", null), at("request", 20)], null],
  ])("%s", (_case, dialog, expected) => {
    expect(turnsDurationMs(dialog)).toBe(expected);
  });
});

describe("formatDuration", () => {
  it.each([
    [null, "N/A"],
    [undefined, "N/A"],
    [NaN, "N/A"],
    [-1, "N/A"],
    [0, "0m 0s"],
    [999, "0m 0s"],
    [59_999, "0m 59s"],
    [60_000, "1m 0s"],
    [192_000, "3m 12s"],
    [3_723_000, "62m 3s"],
  ])("%p reads %p", (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});
