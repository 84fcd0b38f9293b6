import {
  nextSyncText,
  originLabel,
  progressPercent,
  runCountsText,
  runProgressText,
  scheduleText,
  sourceStatusLabel,
} from "@/lib/format/sync-run";

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

describe("when a source syncs next", () => {
  const now = new Date(2026, 11, 7, 15, 0);
  it.each([
    [{ nextSyncAt: null }, { stalled: false }, null],
    [{ nextSyncAt: new Date(2026, 11, 7, 15, 14).toISOString() }, { stalled: false }, "Next sync about 3:14 PM"],
    [{ nextSyncAt: new Date(2026, 11, 8, 0, 5).toISOString() }, undefined, "Next sync about Dec 8, 12:05 AM"],
    [{ nextSyncAt: new Date(2026, 11, 7, 15, 14).toISOString() }, { stalled: true }, "No scheduled sync: nothing is syncing (see above)"],
  ])("words %j with %j as %j", (source, schedule, text) => expect(nextSyncText(source, schedule, now)).toBe(text));
});

describe("how syncing is driven", () => {
  const now = new Date(2026, 11, 7, 15, 0);
  const base = { intervalMinutes: 15, lookbackDays: 7, stalled: false };
  it.each([
    [
      { ...base, scheduler: true, lastCall: null },
      "Each source is synced every 15 minutes by this server's scheduler; each run also reads the last 7 days again for conversations that went on.",
    ],
    [
      { ...base, scheduler: false, lastCall: { driver: "cron" as const, at: new Date(2026, 11, 7, 14, 55).toISOString() } },
      "Each source is synced every 15 minutes through calls of the cron endpoint (last at 2:55 PM); each run also reads the last 7 days again for conversations that went on.",
    ],
    [
      { ...base, intervalMinutes: 1, lookbackDays: 1, scheduler: false, lastCall: { driver: "command" as const, at: now.toISOString() } },
      "Each source is synced every 1 minute through calls of npm run sync (last at 3:00 PM); each run also reads the last 1 day again for conversations that went on.",
    ],
  ])("words %j", (schedule, text) => expect(scheduleText(schedule, now)).toBe(text));
});

it.each([
  ["ingest", undefined, "Ingest API"],
  ["import", [], "Import command"],
  ["s1", undefined, "Voiceflow sync"],
  ["s1", [{ id: "s1", name: "Support bot" }], "Voiceflow sync: Support bot"],
  ["s2", [{ id: "s1", name: "Support bot" }], "Voiceflow sync: a deleted source"],
])("names origin %s as %s", (origin, sources, label) => expect(originLabel(origin, sources)).toBe(label));
