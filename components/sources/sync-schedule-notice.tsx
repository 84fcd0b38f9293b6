"use client";
// How the sync is driven, above the sources: by this server's scheduler or the cron endpoint, every
// interval, with the lookback; or, when nothing drives it, a warning that says how to fix that.
import { CircleAlert } from "lucide-react";
import { scheduleText } from "@/lib/format/sync-run";
import type { SyncScheduleDto } from "@/lib/schemas/sources";

export function SyncScheduleNotice({ schedule, hasSources }: { schedule: SyncScheduleDto | undefined; hasSources: boolean }) {
  if (!schedule) return null;
  if (schedule.stalled && hasSources) {
    return (
      <div role="alert" className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden />
        <div className="space-y-1">
          <h2 className="font-semibold">Nothing is syncing</h2>
          <p>
            This server does not run the sync scheduler, and nothing has called the cron endpoint in the last {2 * schedule.intervalMinutes}{" "}
            minutes, so no source syncs unless someone presses Sync now.
          </p>
          <p>
            Run the portal with <code className="font-mono">npm start</code> (its scheduler is on unless{" "}
            <code className="font-mono">SYNC_SCHEDULER=off</code>), or have your host&apos;s scheduler call{" "}
            <code className="font-mono">/api/cron/sync</code> every few minutes with{" "}
            <code className="font-mono">Authorization: Bearer $CRON_SECRET</code> (README, &ldquo;Syncing from Voiceflow&rdquo;).
          </p>
        </div>
      </div>
    );
  }
  return <p className="mt-6 text-sm text-slate-600">{scheduleText(schedule, new Date())}</p>;
}
