/** @jest-environment node */
import { createdAtMsOfSortKey, nextSortKey, preferredSortKey, SORT_KEY_SPREAD, sortKeyRange } from "@/lib/server/store/sort-key";
import { MESSAGE_COUNT_CAP, rollupDeltas } from "@/lib/server/store/rollup-deltas";
import { SLOT_MS, HOUR_MS } from "@/lib/transcripts/time-buckets";

describe("sort keys", () => {
  const ms = Date.parse("2025-03-05T15:04:00.123Z");

  it("order by creation time and stay exact numbers until 2200", () => {
    const key = preferredSortKey(ms, "abc");
    expect(createdAtMsOfSortKey(key)).toBe(ms);
    expect(preferredSortKey(ms + 1, "zzz")).toBeGreaterThan(preferredSortKey(ms, "abc"));
    expect(Number.isSafeInteger(preferredSortKey(Date.parse("2199-12-31T23:59:59.999Z"), "x"))).toBe(true);
  });

  it("cover a time range with one key range", () => {
    const { low, high } = sortKeyRange(ms, ms + 10);
    expect(low).toBe(ms * SORT_KEY_SPREAD);
    expect(preferredSortKey(ms, "any")).toBeGreaterThanOrEqual(low);
    expect(preferredSortKey(ms + 10, "any")).toBeLessThanOrEqual(high);
    expect(preferredSortKey(ms + 11, "any")).toBeGreaterThan(high);
  });

  it("probe within the same millisecond, wrapping around", () => {
    const last = ms * SORT_KEY_SPREAD + SORT_KEY_SPREAD - 1;
    expect(nextSortKey(last)).toBe(ms * SORT_KEY_SPREAD);
    expect(nextSortKey(ms * SORT_KEY_SPREAD + 5)).toBe(ms * SORT_KEY_SPREAD + 6);
  });
});

describe("rollupDeltas", () => {
  const at = Date.parse("2025-03-05T15:04:00Z");
  const facts = { createdAtMs: at, device: "mobile", os: "ios", browser: null, messageCount: 4 };

  it("adds a new transcript to its slot and hour", () => {
    expect(rollupDeltas([{ before: null, after: facts }])).toEqual({
      slots: [{ slot: Math.floor(at / SLOT_MS), delta: 1 }],
      attributes: [
        { dimension: "browser", hour: Math.floor(at / HOUR_MS), value: "", delta: 1 },
        { dimension: "device", hour: Math.floor(at / HOUR_MS), value: "mobile", delta: 1 },
        { dimension: "messages", hour: Math.floor(at / HOUR_MS), value: "4", delta: 1 },
        { dimension: "os", hour: Math.floor(at / HOUR_MS), value: "ios", delta: 1 },
      ],
    });
  });

  it("counts conversation lengths up to the cap, the cap standing for every longer one", () => {
    const lengths = rollupDeltas([
      { before: null, after: { ...facts, messageCount: MESSAGE_COUNT_CAP } },
      { before: null, after: { ...facts, messageCount: MESSAGE_COUNT_CAP + 40 } },
      { before: { ...facts, messageCount: 2 }, after: { ...facts, messageCount: 3 } },
    ]).attributes.filter((d) => d.dimension === "messages");
    expect(lengths).toEqual([
      { dimension: "messages", hour: Math.floor(at / HOUR_MS), value: "2", delta: -1 },
      { dimension: "messages", hour: Math.floor(at / HOUR_MS), value: "3", delta: 1 },
      { dimension: "messages", hour: Math.floor(at / HOUR_MS), value: String(MESSAGE_COUNT_CAP), delta: 2 },
    ]);
  });

  it("writes nothing for a re-sent transcript that kept its time and device", () => {
    expect(rollupDeltas([{ before: facts, after: { ...facts } }])).toEqual({ slots: [], attributes: [] });
  });

  it("moves a transcript whose time or device changed", () => {
    const later = { ...facts, createdAtMs: at + 2 * HOUR_MS, device: "desktop" };
    const deltas = rollupDeltas([{ before: facts, after: later }]);
    expect(deltas.slots).toEqual([
      { slot: Math.floor(at / SLOT_MS), delta: -1 },
      { slot: Math.floor((at + 2 * HOUR_MS) / SLOT_MS), delta: 1 },
    ]);
    expect(deltas.attributes.filter((d) => d.dimension === "device")).toEqual([
      { dimension: "device", hour: Math.floor(at / HOUR_MS), value: "mobile", delta: -1 },
      { dimension: "device", hour: Math.floor(at / HOUR_MS) + 2, value: "desktop", delta: 1 },
    ]);
  });

  it("sums many transcripts of one bucket", () => {
    expect(
      rollupDeltas([
        { before: null, after: facts },
        { before: null, after: { ...facts, createdAtMs: at + 1 } },
      ]).slots,
    ).toEqual([{ slot: Math.floor(at / SLOT_MS), delta: 2 }]);
  });
});
