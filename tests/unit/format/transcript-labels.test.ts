import { filteredResultsText, truncatedId, turnsLabel } from "@/lib/format/transcript-labels";

describe("truncatedId (first 8 characters and an ellipsis)", () => {
  it.each([
    ["64a1f0c2e4b0a7001f3c9d21", "64a1f0c2..."],
    ["web-1741187040000-a1b2c3", "web-1741..."],
    ["123456789", "12345678..."],
    ["12345678", "12345678"],
    ["abc", "abc"],
    ["", ""],
  ])("%p -> %p", (id, expected) => {
    expect(truncatedId(id)).toBe(expected);
  });
});

describe("turnsLabel ('{n} turns')", () => {
  it.each([
    [0, "0 turns"],
    [1, "1 turns"],
    [12, "12 turns"],
  ])("%p -> %p", (count, expected) => {
    expect(turnsLabel(count)).toBe(expected);
  });
});

describe("filteredResultsText", () => {
  it.each([
    [0, "Showing 0 filtered result(s)"],
    [1, "Showing 1 filtered result(s)"],
    [42, "Showing 42 filtered result(s)"],
  ])("%p -> %p", (count, expected) => {
    expect(filteredResultsText(count)).toBe(expected);
  });
});
