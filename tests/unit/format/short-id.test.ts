import { shortId } from "@/lib/format/short-id";
import { withCount } from "@/lib/format/count-label";

describe("shortId (first 8 characters)", () => {
  it.each([
    ["cm3abcdefghijkl", "cm3abcde"],
    ["12345678", "12345678"],
    ["1234", "1234"],
    ["", ""],
  ])("%p -> %p", (id, expected) => {
    expect(shortId(id)).toBe(expected);
  });
});

describe("withCount (admin toggle labels)", () => {
  it.each([
    ["Pending", 3, "Pending (3)"],
    ["All Users", 0, "All Users (0)"],
    ["Pending", undefined, "Pending (0)"],
  ] as const)("%p with %p -> %p", (label, count, expected) => {
    expect(withCount(label, count)).toBe(expected);
  });
});
