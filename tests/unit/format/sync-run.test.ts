import { progressPercent, runCountsText, runProgressText, sourceStatusLabel } from "@/lib/format/sync-run";

it.each([
  [{ status: "running", paused: false }, "Running"],
  [{ status: "running", paused: true }, "Running"],
  [{ status: "failed", paused: false }, "Failed"],
  [{ status: "idle", paused: true }, "Paused"],
  [{ status: "idle", paused: false }, "Idle"],
] as const)("labels %j as %s", (source, label) => expect(sourceStatusLabel(source)).toBe(label));

it.each([
  [{ pages: 0, fetched: 0 }, "0 pages, 0 transcripts fetched"],
  [{ pages: 1, fetched: 1 }, "1 page, 1 transcript fetched"],
  [{ pages: 12, fetched: 10500 }, "12 pages, 10,500 transcripts fetched"],
])("words progress %j as %s", (run, text) => expect(runProgressText(run)).toBe(text));

it("words a run's counts", () => {
  expect(runCountsText({ fetched: 1200, created: 1000, updated: 100, unchanged: 98, rejectedCount: 2 })).toBe(
    "1,200 fetched · 1,000 new · 100 updated · 98 unchanged · 2 rejected",
  );
});

it.each([
  [-1, 0],
  [0, 0],
  [0.456, 46],
  [1, 100],
  [3, 100],
])("shows progress %d as %d %%", (progress, percent) => expect(progressPercent(progress)).toBe(percent));
