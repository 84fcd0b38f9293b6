import { narrowWalk, type MatchesInStretch } from "@/lib/server/store/matches-over-time";

const range = { startMs: 0, endMs: 399 };
// Four stretches of 100 ms, oldest first: 5, 0, 3 and 2 matches (10 in all).
const stretches: MatchesInStretch[] = [
  { fromMs: 0, toMs: 99, count: 5 },
  { fromMs: 100, toMs: 199, count: 0 },
  { fromMs: 200, toMs: 299, count: 3 },
  { fromMs: 300, toMs: 399, count: 2 },
];

describe("narrowWalk", () => {
  it("keeps a newest-first walk that starts in the newest stretch", () => {
    expect(narrowWalk(range, stretches, 0, false)).toEqual({ startMs: 0, endMs: 399, skip: 0 });
    expect(narrowWalk(range, stretches, 1, false)).toEqual({ startMs: 0, endMs: 399, skip: 1 });
  });

  it("ends a newest-first walk at the stretch holding its first row, passing only that stretch's newer matches", () => {
    expect(narrowWalk(range, stretches, 2, false)).toEqual({ startMs: 0, endMs: 299, skip: 0 });
    expect(narrowWalk(range, stretches, 4, false)).toEqual({ startMs: 0, endMs: 299, skip: 2 });
    // The empty stretch is passed over.
    expect(narrowWalk(range, stretches, 5, false)).toEqual({ startMs: 0, endMs: 99, skip: 0 });
    expect(narrowWalk(range, stretches, 9, false)).toEqual({ startMs: 0, endMs: 99, skip: 4 });
  });

  it("starts an oldest-first walk at the stretch holding its first row", () => {
    expect(narrowWalk(range, stretches, 4, true)).toEqual({ startMs: 0, endMs: 399, skip: 4 });
    expect(narrowWalk(range, stretches, 5, true)).toEqual({ startMs: 200, endMs: 399, skip: 0 });
    expect(narrowWalk(range, stretches, 9, true)).toEqual({ startMs: 300, endMs: 399, skip: 1 });
  });

  it("accepts the stretches in any order", () => {
    expect(narrowWalk(range, [...stretches].reverse(), 4, false)).toEqual({ startMs: 0, endMs: 299, skip: 2 });
  });

  it("leaves a walk past every match, or without stretches, as it is", () => {
    expect(narrowWalk(range, stretches, 10, false)).toEqual({ ...range, skip: 10 });
    expect(narrowWalk(range, [], 3, true)).toEqual({ ...range, skip: 3 });
  });
});
