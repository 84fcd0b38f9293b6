import { percentDone } from "@/lib/format/percent";
import { characterCountText } from "@/lib/format/character-count";

describe("percentDone", () => {
  it.each([
    [0, 10, undefined, 0],
    [1, 3, undefined, 33],
    [2, 3, undefined, 67],
    [10, 10, undefined, 100],
    [12, 10, undefined, 100],
    [0, 0, undefined, 100],
    [0, 0, 0, 0],
  ])("%p of %p (empty: %p) -> %p", (done, total, whenEmpty, expected) => {
    expect(percentDone(done, total, whenEmpty)).toBe(expected);
  });
});

describe("characterCountText ('n / 1000 characters')", () => {
  it.each([
    [0, "0 / 1000 characters"],
    [17, "17 / 1000 characters"],
    [1000, "1000 / 1000 characters"],
  ])("%p -> %p", (count, expected) => {
    expect(characterCountText(count, 1000)).toBe(expected);
  });
});
