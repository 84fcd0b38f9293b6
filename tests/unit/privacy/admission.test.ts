import { partitionAdmitted, retentionCutoffMs, skipReason, type AdmissionRules } from "@/lib/privacy/admission";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

// Which received transcripts every way in stores (lib/privacy/admission.ts): none erased on
// request, none created before the retention cut-off, the retention job's own boundary (it deletes
// createdAt < cut-off).

const NOW = Date.UTC(2026, 10, 27, 12);
const at = (ms: number) => new Date(ms);

describe("retentionCutoffMs", () => {
  it.each([
    [1, NOW - DAY_MS],
    [30, NOW - 30 * DAY_MS],
    [3650, NOW - 3650 * DAY_MS],
  ])("%i days before now", (days, expected) => {
    expect(retentionCutoffMs(days, NOW)).toBe(expected);
  });
});

describe("skipReason", () => {
  const cutoffMs = retentionCutoffMs(30, NOW);
  const rules: AdmissionRules = { erasedIds: new Set(["gone"]), cutoffMs };

  it.each([
    ["a recent transcript", { id: "a", createdAt: at(NOW - DAY_MS) }, rules, null],
    ["one created at the cut-off", { id: "a", createdAt: at(cutoffMs) }, rules, null],
    ["one created a millisecond before the cut-off", { id: "a", createdAt: at(cutoffMs - 1) }, rules, "past retention"],
    ["an old one with retention off", { id: "a", createdAt: at(0) }, { ...rules, cutoffMs: null }, null],
    ["an erased id", { id: "gone", createdAt: at(NOW) }, rules, "erased"],
    ["an erased id with retention off", { id: "gone", createdAt: at(NOW) }, { ...rules, cutoffMs: null }, "erased"],
    ["an erased id past retention", { id: "gone", createdAt: at(0) }, rules, "erased"],
    ["an id differing from an erased one in case", { id: "GONE", createdAt: at(NOW) }, rules, null],
  ] as const)("%s", (_case, transcript, caseRules, expected) => {
    expect(skipReason(transcript, caseRules)).toBe(expected);
  });
});

describe("partitionAdmitted", () => {
  it("keeps each side in order, by position, every position on exactly one side", () => {
    const cutoffMs = retentionCutoffMs(7, NOW);
    const transcripts = [
      { id: "new-1", createdAt: at(NOW) },
      { id: "gone", createdAt: at(NOW) },
      { id: "old", createdAt: at(cutoffMs - 1) },
      { id: "new-2", createdAt: at(cutoffMs) },
      { id: "gone", createdAt: at(NOW - 1) },
    ];
    expect(partitionAdmitted(transcripts, { erasedIds: new Set(["gone"]), cutoffMs })).toEqual({ admitted: [0, 3], skipped: [1, 2, 4] });
    expect(partitionAdmitted(transcripts, { erasedIds: new Set(), cutoffMs: null })).toEqual({ admitted: [0, 1, 2, 3, 4], skipped: [] });
    expect(partitionAdmitted([], { erasedIds: new Set(["gone"]), cutoffMs })).toEqual({ admitted: [], skipped: [] });
  });
});
