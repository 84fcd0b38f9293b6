/** @jest-environment node */
import { rangeCoverage, SLOT_MS, HOUR_MS } from "@/lib/transcripts/time-buckets";

const T = Date.UTC(2025, 2, 5, 12, 0, 0); // on a slot and hour boundary

describe("rangeCoverage", () => {
  it.each([
    ["a range of whole slots", T, T + 4 * SLOT_MS - 1, SLOT_MS, { whole: { first: T / SLOT_MS, last: T / SLOT_MS + 3 }, partial: [] }],
    [
      "ragged ends",
      T + 1000,
      T + 3 * SLOT_MS + 5000,
      SLOT_MS,
      {
        whole: { first: T / SLOT_MS + 1, last: T / SLOT_MS + 2 },
        partial: [
          { bucket: T / SLOT_MS, fromMs: T + 1000, toMs: T + SLOT_MS - 1 },
          { bucket: T / SLOT_MS + 3, fromMs: T + 3 * SLOT_MS, toMs: T + 3 * SLOT_MS + 5000 },
        ],
      },
    ],
    ["inside one slot", T + 10, T + 20, SLOT_MS, { whole: null, partial: [{ bucket: T / SLOT_MS, fromMs: T + 10, toMs: T + 20 }] }],
    [
      "across one boundary without a whole slot",
      T + SLOT_MS - 10,
      T + SLOT_MS + 10,
      SLOT_MS,
      {
        whole: null,
        partial: [
          { bucket: T / SLOT_MS, fromMs: T + SLOT_MS - 10, toMs: T + SLOT_MS - 1 },
          { bucket: T / SLOT_MS + 1, fromMs: T + SLOT_MS, toMs: T + SLOT_MS + 10 },
        ],
      },
    ],
    ["one instant", T, T, HOUR_MS, { whole: null, partial: [{ bucket: T / HOUR_MS, fromMs: T, toMs: T }] }],
    ["a backwards range", T + 5, T, HOUR_MS, { whole: null, partial: [] }],
  ])("%s", (_case, start, end, size, expected) => {
    expect(rangeCoverage(start, end, size)).toEqual(expected);
  });

  it("covers every millisecond exactly once", () => {
    for (const [start, end] of [
      [T + 123, T + 7 * SLOT_MS + 456],
      [T - 1, T + SLOT_MS],
      [T, T + SLOT_MS - 1],
    ]) {
      const coverage = rangeCoverage(start, end, SLOT_MS);
      let covered = coverage.partial.reduce((sum, piece) => sum + piece.toMs - piece.fromMs + 1, 0);
      if (coverage.whole) covered += (coverage.whole.last - coverage.whole.first + 1) * SLOT_MS;
      expect(covered).toBe(end - start + 1);
    }
  });
});
