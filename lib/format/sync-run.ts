// How the Sources page words a source's status and a sync run's progress and counts.
import type { SourceDto, SyncRunDto } from "@/lib/schemas/sources";

const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** The status badge's text: Paused wins over Idle; a running source says so even when paused. */
export function sourceStatusLabel(source: Pick<SourceDto, "status" | "paused">): string {
  if (source.status === "running") return "Running";
  if (source.status === "failed") return "Failed";
  return source.paused ? "Paused" : "Idle";
}

/** e.g. '3 pages, 250 transcripts fetched' under the progress bar. */
export function runProgressText(run: Pick<SyncRunDto, "pages" | "fetched">): string {
  return `${plural(run.pages, "page", "pages")}, ${plural(run.fetched, "transcript", "transcripts")} fetched`;
}

/** e.g. '250 fetched · 240 new · 5 updated · 3 unchanged · 2 rejected'. */
export function runCountsText(run: Pick<SyncRunDto, "fetched" | "created" | "updated" | "unchanged" | "rejectedCount">): string {
  return `${count(run.fetched)} fetched · ${count(run.created)} new · ${count(run.updated)} updated · ${count(run.unchanged)} unchanged · ${count(run.rejectedCount)} rejected`;
}

/** The progress bar's percentage, 0-100, whole. */
export function progressPercent(progress: number): number {
  return Math.round(Math.min(1, Math.max(0, progress)) * 100);
}

export const SOURCE_KIND_LABELS = { "voiceflow-v1": "Transcripts API (v1)", "voiceflow-v2": "Legacy transcripts API (v2)" } as const;
