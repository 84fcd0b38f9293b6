// How the Sources page words a source's status, its next sync, how syncing is driven and a sync
// run's progress and counts; and how a transcript's page names where it came from.
import { format, isSameDay } from "date-fns";
import type { SourceDto, SourceNameDto, SyncDriver, SyncRunDto, SyncScheduleDto } from "@/lib/schemas/sources";

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

/** A time of day, with its day when it is not `now`'s: '3:45 PM', 'Mar 6, 3:45 PM'. */
function timeOfDay(at: Date, now: Date): string {
  return format(at, isSameDay(at, now) ? "h:mm a" : "MMM d, h:mm a");
}

/**
 * The card's line about the next scheduled run: 'Next sync about 3:45 PM'; none while it runs or
 * is paused; when nothing drives the sync, that no run is coming.
 */
export function nextSyncText(
  source: Pick<SourceDto, "nextSyncAt">,
  schedule: Pick<SyncScheduleDto, "stalled"> | undefined,
  now: Date,
): string | null {
  if (!source.nextSyncAt) return null;
  if (schedule?.stalled) return "No scheduled sync: nothing is syncing (see above)";
  return `Next sync about ${timeOfDay(new Date(source.nextSyncAt), now)}`;
}

const DRIVER_NAMES: Record<SyncDriver, string> = { scheduler: "a server's scheduler", cron: "the cron endpoint", command: "npm run sync" };

/** How the Sources page says the sync is driven, when something drives it. */
export function scheduleText(schedule: SyncScheduleDto, now: Date): string {
  const every = `every ${plural(schedule.intervalMinutes, "minute", "minutes")}`;
  const by = schedule.scheduler
    ? "by this server's scheduler"
    : schedule.lastCall
      ? `through calls of ${DRIVER_NAMES[schedule.lastCall.driver]} (last at ${timeOfDay(new Date(schedule.lastCall.at), now)})`
      : "through calls of the cron endpoint";
  return `Each source is synced ${every} ${by}; each run also reads the last ${plural(schedule.lookbackDays, "day", "days")} again for conversations that went on.`;
}

/** Where a transcript came from, as its page names it: the way in, or the source by name. */
export function originLabel(origin: string, sources: readonly SourceNameDto[] | undefined): string {
  if (origin === "ingest") return "Ingest API";
  if (origin === "import") return "Import command";
  if (!sources) return "Voiceflow sync";
  const source = sources.find((candidate) => candidate.id === origin);
  return source ? `Voiceflow sync: ${source.name}` : "Voiceflow sync: a deleted source";
}
